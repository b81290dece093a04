// What the child reads from an error the guest threw: its words, the script line it came from (the call's
// own line for a failed host call, else the first script frame of its stack) and whether it was QuickJS
// running out of its heap. Also the sentences the guest-side prelude throws with.
import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import { T_SCRIPT } from "../texts/vi-script.ts";

export type GuestError = { message: string; line: number | null; outOfMemory: boolean };

export function errorOf(vm: QuickJSContext, handle: QuickJSHandle): GuestError {
  let value: unknown;
  try {
    value = vm.dump(handle);
  } catch {
    value = "InternalError: out of memory";
  } finally {
    handle.dispose();
  }
  if (value && typeof value === "object") {
    const e = value as Record<string, unknown>;
    const name = typeof e.name === "string" ? e.name : "Error";
    const message = typeof e.message === "string" ? e.message : JSON.stringify(value);
    const line = lineOf(e.scriptLine) ?? stackLine(e.stack) ?? lineOf(e.lineNumber);
    return { message: name === "Error" ? message : `${name}: ${message}`, line, outOfMemory: oom(name, message) };
  }
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return { message: text, line: null, outOfMemory: text === "InternalError: out of memory" };
}

function oom(name: string, message: string): boolean {
  return name === "InternalError" && message === "out of memory";
}

function lineOf(v: unknown): number | null {
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null;
}

function stackLine(stack: unknown): number | null {
  const m = typeof stack === "string" ? /script\.js:(\d+)/.exec(stack) : null;
  return m ? Number(m[1]) : null;
}

/** The prelude's sentences; `{name}` is filled in by the guest with the missing tool's name. */
export function guestTexts(tools: string[]) {
  return {
    unknownTool: T_SCRIPT.unknownTool("{name}", tools),
    badStoreKey: T_SCRIPT.badStoreKey,
    badStoreValue: T_SCRIPT.badStoreValue,
  };
}
