// Shared by the script engine tests: a fake ScriptHost that records what the guest asked, a runner with small
// limits, and a look at this checkout's live `__script` children in /proc.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { runScript } from "../../../src/script/engine.ts";
import type { ScriptHost, ScriptLimits, ScriptResult } from "../../../src/script/types.ts";

export type Asked = { kind: string; name?: string; args: unknown };

export function fakeHost(over: { callTool?: ScriptHost["callTool"] } = {}): ScriptHost & { asked: Asked[] } {
  const asked: Asked[] = [];
  return {
    asked,
    callTool: over.callTool ?? (async (name, args) => (asked.push({ kind: "tool", name, args }), `${name} ok`)),
    classify: async (text, labels) => (asked.push({ kind: "classify", args: { text, labels } }), labels.at(-1)!),
    summarise: async (text, maxChars) => {
      asked.push({ kind: "summarise", args: { text, maxChars } });
      return text.slice(0, maxChars);
    },
    load: async (key) => (asked.push({ kind: "load", args: key }), key === "seen" ? { n: 2 } : undefined),
  };
}

export const SMALL: Partial<ScriptLimits> = { wallMs: 10_000, memoryBytes: 32 * 1024 * 1024 };

export function run(
  code: string,
  opts: { host?: ScriptHost; tools?: string[]; limits?: Partial<ScriptLimits>; signal?: AbortSignal } = {},
): Promise<ScriptResult> {
  return runScript({
    code,
    tools: opts.tools ?? ["file_read", "web_search"],
    host: opts.host ?? fakeHost(),
    limits: { ...SMALL, ...opts.limits },
    signal: opts.signal ?? new AbortController().signal,
  });
}

const entry = join(import.meta.dir, "..", "..", "..", "src", "main.ts");

/** Processes started for this checkout's script children (sh/bwrap wrappers and the child itself). */
export function scriptChildren(): { pid: number; argv0: string; environ: string; netns: string }[] {
  const found: { pid: number; argv0: string; environ: string; netns: string }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (!cmdline.includes(`${entry}\0__script`)) continue;
      const environ = readFileSync(`/proc/${name}/environ`, "utf8");
      const argv0 = cmdline.split("\0")[0]!;
      found.push({ pid: Number(name), argv0, environ, netns: readlinkSync(`/proc/${name}/ns/net`) });
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}
