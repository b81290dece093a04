// Ending a script child for good: SIGKILL to its process group and to every process under it (bwrap's
// PID-namespace init may live outside the group), then waiting until none of them runs any more.
import { readFileSync } from "node:fs";

/** Kills the group led by `pid` and each descendant; returns the pids it aimed at. */
export function killTree(pid: number): number[] {
  const pids = [pid, ...descendants(pid)];
  signal(-pid);
  for (const p of pids) signal(p);
  return pids;
}

/** Resolves once each pid is gone or a zombie (it no longer runs; init reaps it), at most `maxMs`. */
export async function whenGone(pids: number[], maxMs = 2000): Promise<void> {
  const until = Date.now() + maxMs;
  while (pids.some(running) && Date.now() < until) await Bun.sleep(5);
}

function signal(target: number): void {
  try {
    process.kill(target, "SIGKILL");
  } catch {
    // Already gone.
  }
}

function descendants(pid: number): number[] {
  let kids: number[];
  try {
    kids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
