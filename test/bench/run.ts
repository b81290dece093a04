// `npm run bench`: every benchmark in this folder, one after another. Figures only, no assertions.
const benches = ["startup.ts", "turn.ts"];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const p = Bun.spawnSync([process.execPath, `${import.meta.dir}/${file}`], { stdout: "inherit", stderr: "inherit" });
  if (p.exitCode !== 0) process.exit(p.exitCode ?? 1);
}
