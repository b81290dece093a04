// runScript: runs one tool_script in a fresh `__script` child (spawn.ts) and answers its host calls through
// the ScriptHost. The parent owns the wall clock, the abort signal and the print cap it trusts; the child's
// process group is killed and reaped before the result is returned, whatever happened.
import { T_SCRIPT } from "../texts/vi-script.ts";
import { childArgv } from "./spawn.ts";
import { killTree, whenGone } from "./reap.ts";
import { LineTooLong, parseFromChild, readLines, type FromChild, type StopReason, type ToChild } from "./protocol.ts";
import type { ScriptHost, ScriptLimits, ScriptRequest, ScriptResult } from "./types.ts";

export const DEFAULT_LIMITS: ScriptLimits = {
  wallMs: 30_000,
  memoryBytes: 64 * 1024 * 1024,
  outputBytes: 64 * 1024,
  codeBytes: 64 * 1024,
};
/** One message from the child (a tool's arguments, a store's value) may not be larger than this. */
const MAX_MESSAGE_CHARS = 16 * 1024 * 1024;
/** A child that has not loaded QuickJS by then is not going to (measured: 0.1–0.3 s compiled, ~1 s from source). */
const STARTUP_MS = 20_000;

type Call = Extract<FromChild, { t: "call" }>;

export async function runScript(req: ScriptRequest): Promise<ScriptResult> {
  const limits = { ...DEFAULT_LIMITS, ...req.limits };
  if (Buffer.byteLength(req.code) > limits.codeBytes) {
    const error = T_SCRIPT.failed(null, T_SCRIPT.tooBig(Math.round(limits.codeBytes / 1024)));
    return { ok: false, printed: "", error, line: null, calls: 0 };
  }
  if (req.signal.aborted) return stopped("", null, T_SCRIPT.aborted, 0);
  const proc = Bun.spawn(childArgv(limits.memoryBytes, limits.wallMs), {
    env: {},
    cwd: "/",
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
    detached: true,
  });
  const killed = new Set<number>();
  const kill = () => killTree(proc.pid).forEach((p) => killed.add(p));
  let printed = "";
  let lastLine: number | null = null;
  let calls = 0;
  let ended: ((r: ScriptResult) => void) | null = null;
  const end = new Promise<ScriptResult>((resolve) => (ended = resolve));
  const settle = (r: ScriptResult) => {
    ended?.(r);
    ended = null;
    kill();
  };
  const write = (m: ToChild) => {
    if (!ended) return;
    try {
      proc.stdin.write(JSON.stringify(m) + "\n");
      void Promise.resolve(proc.stdin.flush()).catch(() => undefined);
    } catch {
      // The child is gone; its stdout ending settles the run.
    }
  };
  const stop = (why: string) => settle(stopped(printed, lastLine, why, calls));
  const onAbort = () => stop(T_SCRIPT.aborted);
  req.signal.addEventListener("abort", onAbort, { once: true });
  // The wall clock runs from the script's start, not the child's: start-up is ours, not the script's, and
  // is bounded on its own. A grace second past the limit: the child's own deadline normally stops it first,
  // naming the line.
  const timeUp = () => stop(T_SCRIPT.time(Math.round(limits.wallMs / 1000)));
  let timer = setTimeout(() => stop(T_SCRIPT.notStarted), STARTUP_MS);

  const inflight = new Set<Promise<void>>();
  const answer = async (m: Call) => {
    if (m.kind === "tool" || m.kind === "classify" || m.kind === "summarise") calls++;
    try {
      const value = await ask(req.host, m);
      write({ t: "reply", id: m.id, ok: true, json: JSON.stringify(value ?? null) });
    } catch (e) {
      write({ t: "reply", id: m.id, ok: false, error: e instanceof Error ? e.message : String(e) });
    }
  };
  const read = async () => {
    for await (const line of readLines(proc.stdout, MAX_MESSAGE_CHARS)) {
      if (!ended) return;
      const m = parseFromChild(line);
      if (!m) return stop(T_SCRIPT.broken(line.slice(0, 80)));
      if (m.t !== "ready") lastLine = ("line" in m ? m.line : null) ?? lastLine;
      if (m.t === "ready") {
        clearTimeout(timer);
        timer = setTimeout(timeUp, limits.wallMs + 1000);
        const start = { code: req.code, tools: req.tools, memoryBytes: limits.memoryBytes };
        write({ t: "start", ...start, outputBytes: limits.outputBytes, deadlineMs: limits.wallMs });
      } else if (m.t === "call") {
        const call = answer(m);
        inflight.add(call);
        void call.finally(() => inflight.delete(call));
      }
      else if (m.t === "print") printed += capped(printed, m.text, limits.outputBytes);
      else {
        // A call the script started but never awaited still finishes before the result is returned, so
        // the caller never sees a tool run after the script it belongs to has ended.
        await Promise.allSettled([...inflight]);
        return settle(done(m, printed, calls, limits));
      }
    }
    const code = await proc.exited;
    const signal = proc.signalCode;
    stop(signal ? T_SCRIPT.killed(String(signal)) : T_SCRIPT.exited(code));
  };
  read().catch((e: unknown) => {
    if (e instanceof LineTooLong) return stop(T_SCRIPT.messageTooBig(MAX_MESSAGE_CHARS / 1024 / 1024));
    stop(T_SCRIPT.broken(e instanceof Error ? e.message : String(e)));
  });
  try {
    return await end;
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener("abort", onAbort);
    kill();
    await proc.exited;
    await whenGone([...killed]);
  }
}

function ask(host: ScriptHost, m: Call): Promise<unknown> {
  const args = JSON.parse(m.json) as Record<string, unknown> | null;
  if (m.kind === "tool") return host.callTool(m.name, args);
  if (m.kind === "classify") return host.classify(String(args?.text ?? ""), (args?.labels as string[]) ?? []);
  if (m.kind === "summarise") return host.summarise(String(args?.text ?? ""), Number(args?.maxChars ?? 0));
  return host.load(String(args?.key ?? ""));
}

/** What may still be added to `printed` under the cap (the child cuts first; this is the parent's own check). */
function capped(printed: string, text: string, cap: number): string {
  const room = cap - Buffer.byteLength(printed);
  if (room <= 0) return "";
  return Buffer.byteLength(text) <= room ? text : Buffer.from(text).subarray(0, room).toString();
}

type Done = Extract<FromChild, { t: "done" }>;

function done(m: Done, printed: string, calls: number, limits: ScriptLimits): ScriptResult {
  if (m.ok) {
    const stores = m.stores.map((s) => ({ key: s.key, value: JSON.parse(s.json) as unknown }));
    return { ok: true, printed, stores, calls };
  }
  if (m.stop) return stopped(printed, m.line, stopText(m.stop, limits), calls);
  return { ok: false, printed, error: T_SCRIPT.failed(m.line, m.message), line: m.line, calls };
}

function stopText(reason: StopReason, limits: ScriptLimits): string {
  if (reason === "time") return T_SCRIPT.time(Math.round(limits.wallMs / 1000));
  if (reason === "memory") return T_SCRIPT.memory(Math.round(limits.memoryBytes / 1024 / 1024));
  return T_SCRIPT.output(Math.round(limits.outputBytes / 1024));
}

function stopped(printed: string, line: number | null, why: string, calls: number): ScriptResult {
  return { ok: false, printed, error: T_SCRIPT.stopped(line, why), line, calls };
}
