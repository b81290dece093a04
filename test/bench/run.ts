// `npm run bench`: builds the binary from the current sources once, then runs every benchmark in this
// folder against it, one after another. Figures only, no assertions.
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");
const bin = join(root, "test-output", "my-crew");
const build = Bun.spawnSync([process.execPath, "build.ts", "--outfile", bin], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(1);

const benches = [
  "startup.ts", "turn.ts", "turn-growth.ts", "delegate.ts", "inbound.ts", "stats.ts", "first-load.ts", "scheduler.ts", "script.ts", "search.ts",
  "prompt-prefix.ts",
];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  // The fan-out bench holds 1,000 SSE connections; Bun's fetch allows 256 at once by default.
  const env = { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096", MY_CREW_BIN: bin };
  const p = Bun.spawnSync([process.execPath, `${import.meta.dir}/${file}`], { stdout: "inherit", stderr: "inherit", env });
  if (p.exitCode !== 0) process.exit(p.exitCode ?? 1);
}
