// `npm run bench`: tool_script's figures for issue 17's closing note, never assertions. Start-up latency of one
// script child of the compiled binary (spawn to its first print, median of 5) and the child's peak memory
// (VmHWM) over a run that builds and summarises a 1 MB string, with and without the bwrap sandbox.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { binaryPath } from "../helpers/binary.ts";
import { childArgv, scriptSandbox } from "../../src/script/spawn.ts";
import { DEFAULT_LIMITS } from "../../src/script/engine.ts";
import { readLines, type FromChild } from "../../src/script/protocol.ts";
import { figure } from "./figures.ts";

const bin = resolve(binaryPath());
const CODE = 'print("first");\nconst s = "x".repeat(1 << 20);\nconst n = await tools.count({ s: s.slice(0, 10) });\n' +
  "const rows = Array.from({ length: 10000 }, (_, i) => ({ i, v: s.slice(i, i + 8) }));\nprint(n, rows.length);";

/** The deepest process under `pid` (bwrap → its init → the child), whose memory is the script's. */
function innermost(pid: number): number {
  const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return kids.length ? innermost(Number(kids.at(-1))) : pid;
}

function status(pid: number, key: string): number {
  return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
}

async function once(sandbox: string | null): Promise<{ firstPrint: number; peakKb: number }> {
  const t0 = performance.now();
  const argv = childArgv(DEFAULT_LIMITS.memoryBytes, DEFAULT_LIMITS.wallMs, sandbox, [bin, "__script"]);
  const proc = Bun.spawn(argv, { env: {}, stdin: "pipe", stdout: "pipe", stderr: "inherit", detached: true });
  const send = (m: object) => (proc.stdin.write(JSON.stringify(m) + "\n"), proc.stdin.flush());
  let firstPrint = 0;
  let peakKb = 0;
  try {
    for await (const line of readLines(proc.stdout, 1 << 24)) {
      const m = JSON.parse(line) as FromChild;
      if (m.t === "ready") send({ t: "start", code: CODE, tools: ["count"], ...DEFAULT_LIMITS, deadlineMs: 30_000 });
      if (m.t === "print" && !firstPrint) firstPrint = performance.now() - t0;
      if (m.t === "print" && firstPrint && m.text !== "first\n") peakKb = status(innermost(proc.pid), "VmHWM");
      if (m.t === "call") send({ t: "reply", id: m.id, ok: true, json: "10" });
      if (m.t === "done") break;
    }
  } finally {
    process.kill(-proc.pid, "SIGKILL");
    await proc.exited;
  }
  return { firstPrint, peakKb };
}

const modes: [string, string | null][] = [["no sandbox", null]];
const bwrap = scriptSandbox();
if (bwrap) modes.push(["bwrap", bwrap]);
for (const [name, sandbox] of modes) {
  const runs: { firstPrint: number; peakKb: number }[] = [];
  for (let i = 0; i < 5; i++) runs.push(await once(sandbox));
  const starts = runs.map((r) => r.firstPrint).sort((a, b) => a - b);
  const peak = Math.max(...runs.map((r) => r.peakKb));
  console.log(`script child (${name}): spawn to first print median ${starts[2]!.toFixed(0)} ms ` +
    `(runs: ${starts.map((s) => s.toFixed(0)).join(", ")} ms); peak memory (VmHWM) ${(peak / 1024).toFixed(1)} MB`);
  figure({ row: `tool_script child (${name}): spawn to first print, peak memory`,
    value: `${starts[2]!.toFixed(0)} ms, ${(peak / 1024).toFixed(1)} MB` });
}
