// `npm run bench`: figures for the closing notes, never assertions. Binary size, cold start to the
// first 200 (median of 5, fresh home each time) and idle RSS after serving the page once.
import { readFileSync } from "node:fs";
import { binaryPath, tempDir } from "../helpers/binary.ts";

const bin = binaryPath();
console.log(`binary: ${bin}`);
console.log(`binary size: ${(Bun.file(bin).size / 1e6).toFixed(1)} MB`);

const PORT = 18420;
const starts: number[] = [];
let rssKb = 0;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const proc = Bun.spawn([bin, "--port", String(PORT + i), "--home", tempDir("bench")], { stdout: "ignore", stderr: "ignore" });
  const url = `http://127.0.0.1:${PORT + i}`;
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (performance.now() - t0 > 10_000) throw new Error("server did not start");
    await Bun.sleep(1);
  }
  starts.push(performance.now() - t0);
  if (i === 4) {
    await fetch(`${url}/`).then((r) => r.text());
    await Bun.sleep(2000);
    rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, "utf8"))?.[1] ?? 0);
  }
  proc.kill("SIGTERM");
  await proc.exited;
}
starts.sort((a, b) => a - b);
console.log(`cold start to first 200: median ${starts[2]!.toFixed(0)} ms (runs: ${starts.map((s) => s.toFixed(0)).join(", ")} ms)`);
console.log(`idle RSS after serving /: ${(rssKb / 1024).toFixed(1)} MB`);
