// Project rules that keep the code readable: 200 lines per own source file (O-17), lines of at most 120
// characters in src/, views/ and public/ (the style guide), and Vietnamese text only in the texts modules
// (src/texts/, public/texts.js) (O-18).
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dir, "..", "..");
const SOURCE = /\.(ts|js|css|html|svg)$/;

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = join(dir, name);
    // public/dist holds the generated page bundles (src/build/page-bundle.ts), not sources.
    if (name === "node_modules" || name === "vendor" || rel === join("public", "dist")) return [];
    return statSync(join(root, rel)).isDirectory() ? files(rel) : SOURCE.test(name) && !name.includes(".min.") ? [rel] : [];
  });
}

// Letters that only Vietnamese uses (plus đ): enough to catch a UI string outside the texts modules.
const VIETNAMESE = /[ăâđêôơưĂÂĐÊÔƠƯàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]/;
// The server's texts may be split by feature inside src/texts/ (each file stays under 200 lines).
const isTexts = (f: string) => f.startsWith("src/texts/") || f === "public/texts.js";

describe("source rules", () => {
  const own = [...files("src"), ...files("views"), ...files("public"), ...files("test"), "build.ts"];

  test("the scan sees the project's files", () => {
    expect(own).toContain("src/main.ts");
    expect(own).toContain("test/unit/source-rules.test.ts");
  });

  test("no own source file exceeds 200 lines", () => {
    const long = own
      .map((f) => [f, readFileSync(join(root, f), "utf8").split("\n").length - 1] as const)
      .filter(([, n]) => n > 200)
      .map(([f, n]) => `${f} (${n})`);
    expect(long).toEqual([]);
  });

  // Counted in UTF-8 bytes, as the project's line check counts them: a Vietnamese letter is 2–3 bytes.
  test("no line in src/ or views/ (.ts) or public/ (.js, .css) is longer than 120 bytes", () => {
    const ts = [...files("src"), ...files("views")].filter((f) => f.endsWith(".ts"));
    const scoped = [...ts, ...files("public").filter((f) => /\.(js|css)$/.test(f))];
    expect(scoped).toContain(join("src", "turns", "host.ts"));
    expect(scoped).toContain(join("views", "manage", "shell.ts"));
    expect(scoped).toContain(join("public", "chat.css"));
    const long = scoped.flatMap((f) =>
      readFileSync(join(root, f), "utf8")
        .split("\n")
        .flatMap((line, i) => {
          const bytes = Buffer.byteLength(line);
          return bytes > 120 ? [`${f}:${i + 1} (${bytes})`] : [];
        }),
    );
    expect(long).toEqual([]);
  });

  test("Vietnamese text appears only in the texts modules", () => {
    const offenders = [...files("src"), ...files("views"), ...files("public")]
      .filter((f) => !isTexts(relative(root, join(root, f))))
      .filter((f) => VIETNAMESE.test(readFileSync(join(root, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
