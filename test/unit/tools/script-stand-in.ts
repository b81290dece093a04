// A stand-in for the QuickJS engine (src/script/engine.ts) while it is not merged: it honours the contract of
// src/script/types.ts for simple scripts — tools/llm/store/load/print, writes returned only on success, an
// abort stopping the script — by running the code as an async function in this process. Tests only.
import type { ScriptRequest, ScriptResult } from "../../../src/script/types.ts";

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...a: string[]) => Function;

export async function standInRun(req: ScriptRequest): Promise<ScriptResult> {
  const out: string[] = [];
  const stores: { key: string; value: unknown }[] = [];
  let calls = 0;
  const counted = <T>(p: () => Promise<T>) => (++calls, p());
  const tools = Object.fromEntries(
    req.tools.map((name) => [name, (args: unknown) => counted(() => req.host.callTool(name, args))]),
  );
  const llm = {
    classify: (text: string, labels: string[]) => counted(() => req.host.classify(text, labels)),
    summarise: (text: string, max: number) => counted(() => req.host.summarise(text, max)),
  };
  // A stopped engine prints nothing more (the real child is killed at once).
  const print = (...parts: unknown[]) => void (req.signal.aborted || out.push(parts.map(String).join(" ")));
  const store = (key: string, value: unknown) => void stores.push({ key, value });
  const load = (key: string) => req.host.load(key).then((v) => v ?? null);
  const stopped = new Promise<"stopped">((resolve) => {
    if (req.signal.aborted) resolve("stopped");
    req.signal.addEventListener("abort", () => resolve("stopped"), { once: true });
  });
  const printed = () => out.join("\n");
  try {
    const body = new AsyncFunction("tools", "llm", "print", "store", "load", req.code);
    const end = await Promise.race([body(tools, llm, print, store, load), stopped]);
    if (end === "stopped") return { ok: false, printed: printed(), error: "Dừng ở dòng 1: script bị dừng", line: 1, calls };
    return { ok: true, printed: printed(), stores, calls };
  } catch (e) {
    if (req.signal.aborted) return { ok: false, printed: printed(), error: "Dừng ở dòng 1: script bị dừng", line: 1, calls };
    return { ok: false, printed: printed(), error: `Lỗi ở dòng 1: ${(e as Error).message}`, line: 1, calls };
  }
}
