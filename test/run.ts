// `npm test`: builds the binary once, then runs the layers (unit + HTTP, DOM, browser) in their own
// `bun test` processes, and closes with one line "N passed, N failed" that CI reads.
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const bun = process.execPath;
const out = join(root, "test-output");
mkdirSync(out, { recursive: true });

const build = Bun.spawnSync([bun, "build.ts", "--outfile", join(out, "my-crew")], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const env = { ...process.env, MY_CREW_BIN: join(out, "my-crew") };

const layers: [string, string[]][] = [
  // bunfig.toml's [test] timeout is not applied by this Bun, so the per-test cap is passed here: generous,
  // so a busy machine slows a test down without failing it, and a hung test still ends.
  ["unit + http", ["test", "--timeout=30000", "test/unit", "test/http"]],
  // happy-dom replaces globals, so the DOM layer runs in its own process with its own preload.
  ["dom", ["test", "--timeout=30000", "--preload", "./test/dom/setup.ts", "test/dom"]],
  ["browser", ["test", "--timeout=60000", "test/browser"]],
];

let passed = 0;
let failed = 0;
for (const [name, args] of layers) {
  console.log(`\n=== ${name} ===`);
  const proc = Bun.spawn([bun, ...args], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
  const [so, se] = await Promise.all([echo(proc.stdout, process.stdout), echo(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  const text = so + se;
  const p = Number(/^\s*(\d+) pass$/m.exec(text)?.[1] ?? 0);
  const f = Number(/^\s*(\d+) fail$/m.exec(text)?.[1] ?? 0);
  passed += p;
  // A layer that crashed or ran nothing counts as a failure even if it printed no "fail" line.
  failed += f > 0 ? f : code !== 0 || p === 0 ? 1 : 0;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

async function echo(stream: ReadableStream<Uint8Array>, to: NodeJS.WriteStream): Promise<string> {
  let all = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    to.write(chunk);
    all += decoder.decode(chunk, { stream: true });
  }
  return all;
}
