// The `__script` child: runs one script in QuickJS and speaks the JSON-lines protocol on stdin/stdout. It has
// an empty environment, no network and OS limits (spawn.ts); inside, the QuickJS heap limit, an interrupt
// deadline and the print cap stop the script with the line it was on.
import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSHandle } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-singlefile-mjs-release-sync";
import { readLines, type CallKind, type FromChild, type StopReason, type ToChild } from "./protocol.ts";
import { PRELUDE } from "./prelude.ts";
import { T_SCRIPT } from "../texts/vi-script.ts";
import { errorOf, guestTexts, type GuestError } from "./guest-error.ts";

type Start = Extract<ToChild, { t: "start" }>;
type Deferred = ReturnType<QuickJSContext["newPromise"]>;

const send = (m: FromChild) => void process.stdout.write(JSON.stringify(m) + "\n");

export async function runChild(): Promise<void> {
  const lines = readLines(Bun.stdin.stream(), 64 * 1024 * 1024);
  const module = await newQuickJSWASMModuleFromVariant(variant);
  send({ t: "ready" });
  const first = await lines.next();
  if (first.done || !first.value.trim()) return;
  const start = JSON.parse(first.value) as Start;
  const replies = async () => {
    const next = await lines.next();
    return next.done ? null : (JSON.parse(next.value) as Extract<ToChild, { t: "reply" }>);
  };
  send(await run(module.newRuntime(), start, replies).catch(broken));
  // The parent kills the process group once it has `done`; nothing is left to do here.
}

async function run(
  rt: ReturnType<Awaited<ReturnType<typeof newQuickJSWASMModuleFromVariant>>["newRuntime"]>,
  start: Start,
  reply: () => Promise<Extract<ToChild, { t: "reply" }> | null>,
): Promise<FromChild> {
  const deadline = Date.now() + start.deadlineMs;
  let stop: { reason: StopReason; line: number | null } | null = null;
  rt.setMemoryLimit(start.memoryBytes);
  rt.setMaxStackSize(1024 * 1024);
  const vm = rt.newContext();
  const pending = new Map<number, Deferred>();
  const stores: { key: string; json: string }[] = [];
  let printed = 0;
  let nextId = 0;

  const host = vm.newObject();
  vm.newFunction("call", (kind, name, json, line) => {
    const id = ++nextId;
    const d = vm.newPromise();
    pending.set(id, d);
    const at = vm.getNumber(line) || null;
    const call = { id, kind: vm.getString(kind) as CallKind, name: vm.getString(name), json: vm.getString(json) };
    send({ t: "call", ...call, line: at });
    return d.handle;
  }).consume((f) => vm.setProp(host, "call", f));
  vm.newFunction("print", (textHandle, line) => {
    if (stop) return;
    const text = vm.getString(textHandle) + "\n";
    const bytes = Buffer.byteLength(text);
    const at = vm.getNumber(line) || null;
    if (printed + bytes > start.outputBytes) {
      const room = Buffer.from(text).subarray(0, start.outputBytes - printed).toString();
      if (room) send({ t: "print", text: room, line: at });
      stop = { reason: "output", line: at };
      throw new Error("output cap");
    }
    printed += bytes;
    send({ t: "print", text, line: at });
  }).consume((f) => vm.setProp(host, "print", f));
  let stored = 0;
  vm.newFunction("store", (key, json, line) => {
    const write = { key: vm.getString(key), json: vm.getString(json) };
    // Kept outside the QuickJS heap, so counted against the same limit here.
    stored += write.key.length + write.json.length;
    if (stored > start.memoryBytes) {
      stop = { reason: "memory", line: vm.getNumber(line) || null };
      throw new Error("store limit");
    }
    stores.push(write);
  }).consume((f) => vm.setProp(host, "store", f));

  const setup = vm.unwrapResult(vm.evalCode(PRELUDE, "prelude.js"));
  const args = [host, vm.newString(JSON.stringify(start.tools)), vm.newString(JSON.stringify(guestTexts(start.tools)))];
  vm.unwrapResult(vm.callFunction(setup, vm.undefined, ...args)).dispose();
  for (const h of [setup, ...args]) h.dispose();
  // Set only now: the prelude must always finish, even when start-up took the whole wall clock.
  rt.setInterruptHandler(() => {
    if (!stop && Date.now() > deadline) stop = { reason: "time", line: null };
    return stop !== null;
  });

  const evaluated = vm.evalCode(`(async () => {${start.code}\n})()`, "script.js");
  if (evaluated.error) return finish(errorOf(vm, evaluated.error), stop);
  const main: QuickJSHandle = evaluated.value;
  for (;;) {
    const jobs = rt.executePendingJobs();
    if (jobs.error) jobs.error.dispose();
    const state = vm.getPromiseState(main);
    if (state.type === "fulfilled") {
      state.value.dispose();
      if (stop) return finish(null, stop);
      return { t: "done", ok: true, stores };
    }
    if (state.type === "rejected") return finish(errorOf(vm, state.error), stop);
    if (stop) return finish(null, stop);
    if (pending.size === 0) return { t: "done", ok: false, stop: null, message: T_SCRIPT.neverSettles, line: null };
    const r = await reply();
    if (!r) return { t: "done", ok: false, stop: null, message: "parent closed the channel", line: null };
    const d = pending.get(r.id);
    if (!d) continue;
    pending.delete(r.id);
    const value = vm.newString(r.ok ? r.json : r.error);
    (r.ok ? d.resolve : d.reject)(value);
    value.dispose();
  }
}

/** The engine itself failed (the WASM module out of memory, a bug): the run ends, named as well as we can. */
function broken(e: unknown): FromChild {
  const message = e instanceof Error ? e.message : String(e);
  const memory = /memory|OOM/i.test(message);
  return { t: "done", ok: false, stop: memory ? "memory" : null, message, line: null };
}

/** How a run that did not complete is reported: a stop wins over the error it caused in the guest. */
function finish(error: GuestError | null, stop: { reason: StopReason; line: number | null } | null): FromChild {
  const line = stop?.line ?? error?.line ?? null;
  if (stop) return { t: "done", ok: false, stop: stop.reason, message: error?.message ?? "", line };
  if (error?.outOfMemory) return { t: "done", ok: false, stop: "memory", message: "", line };
  return { t: "done", ok: false, stop: null, message: error?.message ?? "", line };
}
