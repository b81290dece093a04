// The crash harness's moving parts: the real binary on a home, talking to the strict provider, armed with
// MY_CREW_CRASH_AT (src/crash-point.ts) or killed from outside; and the four properties issue 10 asks to
// hold after every kill and restart.
import { expect } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { launchBinary, type Launched } from "../helpers/binary.ts";
import { collect, isEnd, type Frame } from "../helpers/sse.ts";
import type { StrictProvider } from "../helpers/strict-provider.ts";
import { PATIENCE, until } from "../helpers/wait.ts";

export type Server = Launched & {
  call: (path: string, method?: string, body?: unknown) => Promise<Response>;
  json: (path: string, method?: string, body?: unknown) => Promise<any>;
};

/**
 * Starts the binary (tracked, and dying with the test process); resolves once it serves, or once it died
 * while starting (a kill at boot): `url` is null then.
 */
export async function boot(home: string, strict: StrictProvider, crashAt?: string): Promise<Server> {
  const env: Record<string, string> = {
    MY_AGENT_ROUTES: "openai:strict",
    OPENAI_API_KEY: "sk-crash-harness",
    OPENAI_BASE_URL: strict.url,
  };
  if (crashAt) env.MY_CREW_CRASH_AT = crashAt;
  const run = await launchBinary(["--port", "0", "--home", home], { env });
  const call = (path: string, method = "GET", body?: unknown) => {
    const init = { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) };
    return fetch(`${run.url}${path}`, init as RequestInit);
  };
  return { ...run, call, json: async (path, method, body) => (await call(path, method, body)).json() };
}

/** Resolves with the signal that ended the process, or null if it still runs after `ms`. */
export async function death(s: Server, ms = PATIENCE): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((r) => (timer = setTimeout(() => r("late"), ms)));
  const r = await Promise.race([s.proc.exited, late]);
  clearTimeout(timer);
  return r === "late" ? null : String(s.proc.signalCode ?? `exit ${s.proc.exitCode}`);
}

/** Waits until the conversation rests: no turn, no queue, no decision pending (any is approved). */
export async function settle(s: Server, conv: string): Promise<any> {
  const state = await until(
    async () => {
      const pending = (await s.json("/api/approvals")).pending.filter((p: any) => p.conversation_id === conv);
      for (const p of pending) await s.call(`/api/approvals/${p.id}`, "POST", { decision: "approve" });
      return { pending: pending.length, d: await s.json(`/api/conversations/${conv}`) };
    },
    ({ pending, d }) => pending === 0 && !d.running && d.queued.length === 0,
  );
  return state.d;
}

/** Sends a message; the frames until the turn ends or the connection dies with the server. */
export async function send(s: Server, conv: string, text: string, until?: (f: Frame) => boolean): Promise<Frame[]> {
  try {
    return await collect(await s.call(`/api/conversations/${conv}/messages`, "POST", { text }), until ?? isEnd, 20_000);
  } catch {
    return [];
  }
}

/** The four properties, checked on the settled conversation and every boot's log. */
export function assertProperties(d: any, home: string, logs: string[], opts: { mayBeUnanswered: boolean }) {
  // 1. Every stored user message is answered exactly once (at most once when a resume itself was cut, C-11).
  const users = d.messages.flatMap((m: any, i: number) => (m.role === "user" ? [i] : []));
  users.forEach((at: number, k: number) => {
    const turn = d.messages.slice(at + 1, users[k + 1] ?? d.messages.length);
    const answers = turn.filter((m: any) => m.role === "assistant" && m.content.trim() && !m.tool_calls?.length).length;
    if (opts.mayBeUnanswered) expect(answers).toBeLessThanOrEqual(1);
    else expect({ message: d.messages[at].content, answers }).toEqual({ message: d.messages[at].content, answers: 1 });
  });
  // 2. No non-replay-safe tool ran twice: every command appends its own id once.
  const ranLog = join(home, "workspace", "ran.log");
  const ran = existsSync(ranLog) ? readFileSync(ranLog, "utf8").split("\n").filter(Boolean) : [];
  expect(ran.length).toBe(new Set(ran).size);
  // 3. Each cut run resumed at most once, over every boot (logged before its turn starts).
  const resumed = logs.flatMap((l) => [...l.matchAll(/resuming run (\S+), cut by the restart/g)].map((m) => m[1]!));
  expect(resumed.length).toBe(new Set(resumed).size);
  // The loop never found an unanswered call before a model call.
  expect(logs.join("\n")).not.toContain("history has unanswered calls");
  return { ran, resumed };
}
