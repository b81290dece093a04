// The home lock (C-22…C-24): flock(2) on the home directory's own descriptor. The OS drops it however
// the process ends, no lock file is ever created, and the descriptor is close-on-exec so spawned
// commands never inherit it.
import { dlopen, FFIType } from "bun:ffi";
import { closeSync, openSync } from "node:fs";

const LOCK_EX = 2;
const LOCK_NB = 4;

let libc: ReturnType<typeof openLibc> | undefined;
function openLibc() {
  const name = process.platform === "darwin" ? "libc.dylib" : "libc.so.6";
  return dlopen(name, { flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 } });
}

export type HomeLock = { release(): void };

/** Takes the exclusive lock on `dir`, or returns null when another process holds it. */
export function lockHome(dir: string): HomeLock | null {
  libc ??= openLibc();
  const fd = openSync(dir, "r");
  if (libc.symbols.flock(fd, LOCK_EX | LOCK_NB) !== 0) {
    closeSync(fd);
    return null;
  }
  return { release: () => closeSync(fd) };
}
