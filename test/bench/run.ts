// `npm run bench`: builds the binary from the current sources once, runs every benchmark in this folder
// against it one after another (their output passed through), then prints one table of the figures they
// report as `BENCH {json}` lines. Never fails on a number; exits 1 only if a bench crashed or hung.
import { join } from "node:path";
import { FIGURE_PREFIX, type Figure } from "./figures.ts";

const root = join(import.meta.dir, "..", "..");
const bin = join(root, "test-output", "my-crew");
const build = Bun.spawnSync([process.execPath, "build.ts", "--outfile", bin], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(1);

// The headline figures first (start, per-turn CPU and growth, first load, fan-out), then the rest.
const benches = [
  "startup.ts", "turn-growth.ts", "first-load.ts", "inbound.ts", "turn.ts", "delegate.ts", "stats.ts",
  "scheduler.ts", "script.ts", "prompt-prefix.ts", "search.ts",
];
// A hung bench must not hold CI: the longest (search.ts, building 1,000,000 messages) takes a few minutes.
const LIMIT_S = Number(process.env.BENCH_TIMEOUT_S ?? 900);
const figures: Figure[] = [];
const took: string[] = [];
let crashed = 0;
const t0 = performance.now();
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const exit = await runBench(file);
  const seconds = (performance.now() - started) / 1000;
  took.push(`${file} ${seconds.toFixed(0)} s`);
  if (exit === 0) continue;
  crashed++;
  const why = exit === "timeout" ? `timed out after ${LIMIT_S} s` : `exit ${exit}`;
  figures.push({ row: `${file}: the bench failed (${why}); see its output above`, value: "failed" });
}
console.log(`\n${table(figures)}`);
console.log(`\nbench took ${((performance.now() - t0) / 60_000).toFixed(1)} min: ${took.join(", ")}`);
process.exit(crashed ? 1 : 0);

/** Runs one bench: its stdout is passed through except the figure lines, which are kept for the table. */
async function runBench(file: string): Promise<number | "timeout"> {
  // The fan-out bench holds 1,000 SSE connections; Bun's fetch allows 256 at once by default.
  const env = { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096", MY_CREW_BIN: bin };
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, file)], { stdout: "pipe", stderr: "inherit", env });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, LIMIT_S * 1000);
  let rest = "";
  const take = (line: string) => {
    if (!line.startsWith(FIGURE_PREFIX)) return console.log(line);
    try {
      figures.push(JSON.parse(line.slice(FIGURE_PREFIX.length)) as Figure);
    } catch {
      console.log(line);
    }
  };
  for await (const chunk of proc.stdout.pipeThrough(new TextDecoderStream())) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    lines.forEach(take);
  }
  if (rest) take(rest);
  const code = await proc.exited;
  clearTimeout(timer);
  return timedOut ? "timeout" : code;
}

/** The figures as a Markdown table, columns padded so it also reads as plain text in a CI log. */
function table(rows: Figure[]): string {
  const cells = [
    ["what", "my-crew", "floor (hello probe)", "target"],
    ...rows.map((f) => [f.row, f.value, f.floor ?? "—", f.target ?? "—"]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join("\n");
}
