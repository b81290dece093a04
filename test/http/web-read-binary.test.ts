// Readability + turndown (src/tools/web/html-markdown.ts) run from their own lazily imported chunk in a
// binary compiled with build.ts's flags (bytecode, ESM, splitting): loopback fetches are fenced in the
// real binary, so a small entry compiled the same way imports the chunk and converts a page.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMPILE_FLAGS } from "../../src/build/flags.ts";
import { tempDir } from "../helpers/binary.ts";

const module = join(import.meta.dir, "..", "..", "src", "tools", "web", "html-markdown.ts");

describe("the web reader's chunk in a compiled binary", () => {
  test("a binary built like ./my-crew imports Readability and turndown on first use and converts a page", () => {
    const dir = tempDir("web-chunk");
    const entry = join(dir, "entry.ts");
    const page = "<html><head><title>Trang</title></head><body><article><h1>Tiêu đề</h1>"
      + `<p>${"A paragraph with <b>bold</b> words, long enough to count as the article. ".repeat(3)}</p>`
      + "</article></body></html>";
    writeFileSync(entry, `const { htmlToMarkdown } = await import(${JSON.stringify(module)});\n`
      + `console.log(JSON.stringify(htmlToMarkdown(${JSON.stringify(page)}, "https://example.com/a")));\n`);
    const bin = join(dir, "reader");
    const argv = [process.execPath, "build", ...COMPILE_FLAGS, entry, "--outfile", bin];
    expect(Bun.spawnSync(argv, { stdout: "ignore", stderr: "pipe" }).exitCode).toBe(0);
    const run = Bun.spawnSync([bin], { cwd: dir, stdout: "pipe", stderr: "pipe", timeout: 30_000 });
    expect(run.stderr.toString()).toBe("");
    const out = JSON.parse(run.stdout.toString()) as { title: string; markdown: string };
    expect(out.title).toBe("Trang");
    expect(out.markdown).toContain("## Tiêu đề");
    expect(out.markdown).toContain("A paragraph with **bold** words");
  });
});
