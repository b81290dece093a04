// Builds ./my-crew: one executable with the runtime, the server, the views and every public asset
// embedded (assets are imported `with { type: "file" }` in src/server/asset-files.ts). First the page's
// scripts and styles are bundled from public/ into public/dist/ (src/build/page-bundle.ts).
// Usage: bun build.ts [--outfile path]
import { COMPILE_FLAGS } from "./src/build/flags.ts";
import { bundlePage } from "./src/build/page-bundle.ts";

const args = process.argv.slice(2);
const at = args.indexOf("--outfile");
const outfile = at >= 0 && args[at + 1] ? args[at + 1]! : "./my-crew";

const started = performance.now();
const page = await bundlePage(import.meta.dir);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`bundled the page: page.js ${kb(page.js)}, page.css ${kb(page.css)} (minified)`);
// The flags and why (bytecode, ESM so that --splitting keeps working): src/build/flags.ts.
const proc = Bun.spawnSync(
  [process.execPath, "build", ...COMPILE_FLAGS, "src/main.ts", "--outfile", outfile],
  { stdout: "inherit", stderr: "inherit", cwd: import.meta.dir },
);
if (proc.exitCode !== 0) {
  console.error(`build failed (exit ${proc.exitCode})`);
  process.exit(1);
}
const size = Bun.file(outfile).size;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`built ${outfile}: ${(size / 1e6).toFixed(1)} MB in ${seconds} s`);
