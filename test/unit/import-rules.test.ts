// Which folder may import which (docs/style rule 1, issue 11): the loop, the providers and the tools
// know nothing of the web, the store or the channels; the store knows nothing of the server; views
// take only types from the store and the server (their props), never code.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const root = join(import.meta.dir, "..", "..");

function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = join(dir, name);
    return statSync(join(root, rel)).isDirectory() ? tsFiles(rel) : rel.endsWith(".ts") ? [rel] : [];
  });
}

type Import = { file: string; target: string; typeOnly: boolean };

/** Every relative import and re-export of `dir`'s files, resolved to a path from the repo root. */
function importsOf(dir: string): Import[] {
  const statement = /^(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.[^"']+)["']/gm;
  return tsFiles(dir).flatMap((file) => {
    const text = readFileSync(join(root, file), "utf8");
    return [...text.matchAll(statement)].map((m) => ({
      file,
      target: relative(root, join(root, dirname(file), m[3]!)),
      typeOnly: !!m[2],
    }));
  });
}

const into = (imports: Import[], folders: string[]) =>
  imports.filter((i) => folders.some((f) => i.target.startsWith(`${f}/`))).map((i) => `${i.file} → ${i.target}`);

describe("import rules", () => {
  test("the scan reads imports", () => {
    expect(importsOf("src/turns").some((i) => i.target === "src/store/db.ts")).toBe(true);
    expect(importsOf("views").some((i) => i.typeOnly && i.target.startsWith("src/store/"))).toBe(true);
  });

  test("agent/, llm/ and tools/ import nothing from server/, views/, channels/ or store/", () => {
    const imports = ["src/agent", "src/llm", "src/tools"].flatMap(importsOf);
    expect(into(imports, ["src/server", "views", "src/channels", "src/store"])).toEqual([]);
  });

  test("kits/ imports nothing from server/, views/, channels/ or store/", () => {
    expect(importsOf("src/kits").length).toBeGreaterThan(0);
    expect(into(importsOf("src/kits"), ["src/server", "views", "src/channels", "src/store"])).toEqual([]);
  });

  test("store/ imports nothing from server/", () => {
    expect(into(importsOf("src/store"), ["src/server"])).toEqual([]);
  });

  test("views/ take only types from store/ and server/", () => {
    const code = importsOf("views").filter((i) => !i.typeOnly);
    expect(into(code, ["src/store", "src/server"])).toEqual([]);
  });
});
