// Which folder may import which (docs/style rule 1, issue 11): agent/, llm/ and tools/ know nothing of the web,
// store or channels; the store nothing of the server; views nothing of the store or server, not even types, and
// take code only from views/, texts, models and version.ts; models import nothing of ours (no leak through them).
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

const STATEMENT = /^(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.[^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["'](\.[^"']+)["']\s*\)/g;

/** Every relative import, re-export and import() of one file's text, resolved to a path from the repo root.
 * An import() counts as code: it may load the module. */
function importsIn(file: string, text: string): Import[] {
  const at = (spec: string) => relative(root, join(root, dirname(file), spec));
  return [
    ...[...text.matchAll(STATEMENT)].map((m) => ({ file, target: at(m[3]!), typeOnly: !!m[2] })),
    ...[...text.matchAll(DYNAMIC)].map((m) => ({ file, target: at(m[1]!), typeOnly: false })),
  ];
}

const importsOf = (dir: string) => tsFiles(dir).flatMap((f) => importsIn(f, readFileSync(join(root, f), "utf8")));
const show = (i: Import) => `${i.file} → ${i.target}`;
const into = (imports: Import[], folders: string[]) =>
  imports.filter((i) => folders.some((f) => i.target.startsWith(`${f}/`))).map(show);

/** Where a view may take code from. */
const viewCodeAllowed = (target: string) =>
  ["views/", "src/texts/", "src/models/"].some((f) => target.startsWith(f)) || target === "src/version.ts";
const viewCodeElsewhere = (imports: Import[]) =>
  imports.filter((i) => !i.typeOnly && !viewCodeAllowed(i.target)).map(show);

describe("import rules", () => {
  test("the scan reads imports", () => {
    expect(importsOf("src/turns").some((i) => i.target === "src/store/db.ts")).toBe(true);
    expect(importsOf("views").some((i) => i.typeOnly && i.target.startsWith("src/models/"))).toBe(true);
    expect(importsOf("views").some((i) => !i.typeOnly && i.target === "src/texts/vi.ts")).toBe(true);
  });

  test("the view rules catch a store type, a server type and code from elsewhere", () => {
    const view = importsIn(
      "views/manage/example.ts",
      `import type { Run } from "../../src/store/runs.ts";
import type { AppDeps } from "../../src/server/deps.ts";
import { GROUPS, type Group } from "../../src/connections/catalogue.ts";
const late = () => import("../../src/ledger/stats.ts");`,
    );
    expect(into(view, ["src/store", "src/server"])).toEqual([
      "views/manage/example.ts → src/store/runs.ts",
      "views/manage/example.ts → src/server/deps.ts",
    ]);
    expect(viewCodeElsewhere(view)).toEqual([
      "views/manage/example.ts → src/connections/catalogue.ts",
      "views/manage/example.ts → src/ledger/stats.ts",
    ]);
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

  test("views/ import nothing from store/ or server/, not even types", () => {
    expect(into(importsOf("views"), ["src/store", "src/server"])).toEqual([]);
  });

  test("views/ take code only from views/, src/texts/, src/models/ and src/version.ts", () => {
    expect(viewCodeElsewhere(importsOf("views"))).toEqual([]);
  });

  test("src/models/ imports nothing from the rest of the project", () => {
    expect(importsOf("src/models").filter((i) => !i.target.startsWith("src/models/")).map(show)).toEqual([]);
  });
});
