// `npm run bench`: figures for the closing notes, never assertions. Binary size, cold start to the first
// 200 (median of N starts on a warm home: one that exists and served once already) and idle RSS after
// serving the page once, each beside the floor of the stack: a bare Bun.serve hello probe
// (test/bench/hello-probe.ts) compiled with the same flags as ./my-crew (src/build/flags.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COMPILE_FLAGS } from "../../src/build/flags.ts";
import { binaryPath, tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

const N = Number(process.env.STARTUP_RUNS ?? 11);
const PORT = 18420;
const bin = binaryPath();
const probe = join(import.meta.dir, "..", "..", "test-output", "hello-probe");
const built = Bun.spawnSync([process.execPath, "build", ...COMPILE_FLAGS, join(import.meta.dir, "hello-probe.ts"),
  "--outfile", probe], { stdout: "ignore", stderr: "inherit" });
if (built.exitCode !== 0) throw new Error("building the hello probe failed");

type Start = { ms: number; rssKb: number };

/** Starts the command, polls `path` until it answers 200; with `rss`, serves `/` once, idles, reads RSS. */
async function start(cmd: string[], port: number, path: string, rss: boolean): Promise<Start> {
  const t0 = performance.now();
  const proc = Bun.spawn(cmd, { stdout: "ignore", stderr: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      const ok = await fetch(`${url}${path}`).then((r) => r.status === 200, () => false);
      if (ok) break;
      if (performance.now() - t0 > 10_000) throw new Error(`${cmd[0]} did not start`);
      await Bun.sleep(1);
    }
    const ms = performance.now() - t0;
    if (!rss) return { ms, rssKb: 0 };
    await fetch(`${url}/`).then((r) => r.text());
    await Bun.sleep(2000);
    return { ms, rssKb: Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, "utf8"))?.[1] ?? 0) };
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
}

/** N cold starts, alternating ports so a closing socket never slows the next bind; the last reads RSS. */
async function measure(cmd: (port: number) => string[], path: string): Promise<{ runs: number[]; rssKb: number }> {
  const runs: number[] = [];
  let rssKb = 0;
  for (let i = 0; i < N; i++) {
    const port = PORT + (i % 4);
    const s = await start(cmd(port), port, path, i === N - 1);
    runs.push(s.ms);
    rssKb = s.rssKb;
  }
  return { runs, rssKb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

// A warm home: created and used once (layout, database, WAL) before the measured starts.
const home = tempDir("bench");
await start([bin, "--port", String(PORT), "--home", home], PORT, "/", false);
const crew = await measure((port) => [bin, "--port", String(port), "--home", home], "/api/health");
const floor = await measure((port) => [probe, String(port)], "/");

console.log(`binary: ${bin}`);
const size = `${(Bun.file(bin).size / 1e6).toFixed(1)} MB`;
console.log(`binary size: ${size} (hello probe ${(Bun.file(probe).size / 1e6).toFixed(1)} MB)`);
const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
console.log(`cold start to first 200: median ${ms(median(crew.runs))} (runs: ${list(crew.runs)} ms)`);
console.log(`hello probe, same flags: median ${ms(median(floor.runs))} (runs: ${list(floor.runs)} ms)`);
console.log(`idle RSS after serving /: ${mb(crew.rssKb)} (hello probe ${mb(floor.rssKb)})`);
figure({ row: "cold start to first 200 (warm home)", value: ms(median(crew.runs)), floor: ms(median(floor.runs)),
  target: "≤ 30 ms" });
figure({ row: "idle RSS after serving /", value: mb(crew.rssKb), floor: mb(floor.rssKb) });
figure({ row: "binary size", value: size, floor: `${(Bun.file(probe).size / 1e6).toFixed(1)} MB` });
