// `npm run bench`: every benchmark in this folder, one after another. Figures only, no assertions.
const benches = ["startup.ts", "turn.ts", "inbound.ts", "stats.ts", "first-load.ts"];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  // The fan-out bench holds 1,000 SSE connections; Bun's fetch allows 256 at once by default.
  const env = { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096" };
  const p = Bun.spawnSync([process.execPath, `${import.meta.dir}/${file}`], { stdout: "inherit", stderr: "inherit", env });
  if (p.exitCode !== 0) process.exit(p.exitCode ?? 1);
}
