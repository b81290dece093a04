// `npm run test:stress`: the browser layer 5 times in a row while two busy loops hold the CPUs, to show the
// tests wait for conditions, not for time. Builds the binary like `npm test`, logs each round to
// test-output/stress/, and closes with one line "N passed, N failed" (tests, summed over the rounds).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROUNDS = 5;
const BUSY_LOOPS = 2;
const root = join(import.meta.dir, "..");
const bun = process.execPath;
const out = join(root, "test-output");
mkdirSync(join(out, "stress"), { recursive: true });

const build = Bun.spawnSync([bun, "build.ts", "--outfile", join(out, "my-crew")], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const env = { ...process.env, MY_CREW_BIN: join(out, "my-crew") };

// The loops die with this script even when it is killed (parent-death signal), or stopped with Ctrl-C.
const setpriv = Bun.which("setpriv");
const loop = [bun, "-e", "for (;;) {}"];
const loops = Array.from({ length: BUSY_LOOPS }, () =>
  Bun.spawn(setpriv ? [setpriv, "--pdeathsig", "KILL", "--", ...loop] : loop, { stdout: "ignore", stderr: "ignore" }),
);
const stopLoops = () => loops.forEach((p) => p.kill("SIGKILL"));
process.once("SIGINT", () => {
  stopLoops();
  process.exit(130);
});

let passed = 0;
let failed = 0;
let cleanRounds = 0;
const began = Date.now();
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const start = Date.now();
    const proc = Bun.spawn([bun, "test", "--timeout=60000", "test/browser"], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
    const [so, se] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    const code = await proc.exited;
    const text = so + se;
    writeFileSync(join(out, "stress", `round-${round}.log`), text);
    const p = Number(/^\s*(\d+) pass$/m.exec(text)?.[1] ?? 0);
    const f = Number(/^\s*(\d+) fail$/m.exec(text)?.[1] ?? 0);
    // A round that crashed or ran nothing counts as a failure even if it printed no "fail" line.
    const f2 = f > 0 ? f : code !== 0 || p === 0 ? 1 : 0;
    passed += p;
    failed += f2;
    if (f2 === 0) cleanRounds++;
    const secs = Math.round((Date.now() - start) / 1000);
    console.log(`round ${round}/${ROUNDS}: ${p} pass, ${f2} fail, ${secs} s`);
    // bun prints each failure twice (in place and in its closing summary): once is enough here.
    for (const line of new Set(text.match(/^\(fail\).*$/gm) ?? [])) console.log(`  ${line}`);
  }
} finally {
  stopLoops();
}
const minutes = ((Date.now() - began) / 60_000).toFixed(1);
console.log(`\n${cleanRounds}/${ROUNDS} rounds clean under ${BUSY_LOOPS} busy loops in ${minutes} min (logs: test-output/stress/)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
