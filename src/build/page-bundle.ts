// Builds the page's one script and one stylesheet from public/ (docs/decisions.md, page weight): run
// by build.ts before the compile and by the test preload, so both always reflect the current sources.
// Scripts keep the order they had as separate <script defer> tags; Alpine comes last so every
// component is registered before it starts. marked + DOMPurify (public/vendor.js) are a script of
// their own that markdown.js fetches when a page first has Markdown to show.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { writeAtomic, writeServedAssets } from "./asset-build.ts";

type Piece = { own: string } | { vendor: string };

const SCRIPTS: Piece[] = [
  { own: "texts.js" },
  { own: "storage.js" },
  { own: "markdown.js" },
  { own: "inert.js" },
  // htmx declares a global `var htmx` that its SSE extension reads: both go in verbatim, unwrapped.
  { vendor: "htmx.org/dist/htmx.min.js" },
  { vendor: "htmx.org/dist/ext/hx-sse.min.js" },
  { own: "nav.js" },
  { own: "search.js" },
  { own: "cards.js" },
  { own: "chat.js" },
  { own: "fork.js" },
  { own: "canvas.js" },
  { own: "manage.js" },
  { own: "build-check.js" },
  { vendor: "alpinejs/dist/cdn.min.js" },
];
// tokens-dark.css applies only under a dark colour scheme; the rest apply always, in this order.
const STYLES = ["tokens.css", "tokens-dark.css", "app.css", "chat.css", "manage.css", "canvas.css"];
const DARK = "tokens-dark.css";

export const BUNDLE_DIR = "public/dist";

/** Writes page.js, markdown-lib.js, page.css and the served assets in public/dist/; returns sizes. */
export async function bundlePage(root: string): Promise<{ js: number; css: number }> {
  const pub = join(root, "public");
  const own = [...SCRIPTS.flatMap((p) => ("own" in p ? [join(pub, p.own)] : [])), join(pub, "vendor.js")];
  const built = await minify(own, "iife");
  const js = await Promise.all(SCRIPTS.map(async (p) =>
    "own" in p
      ? built.get(join(pub, p.own))!
      : stripMapComment(await Bun.file(join(root, "node_modules", p.vendor)).text())));
  const css = await minify(STYLES.map((f) => join(pub, f)));
  const styles = STYLES.map((f) => {
    const text = css.get(join(pub, f))!;
    return f === DARK ? `@media (prefers-color-scheme:dark){${text}}` : text;
  });
  const dir = join(root, BUNDLE_DIR);
  mkdirSync(dir, { recursive: true });
  const jsText = js.map((t) => t.trim()).join(";\n") + "\n";
  const cssText = styles.map((t) => t.trim()).join("\n") + "\n";
  writeAtomic(join(dir, "page.js"), jsText);
  writeAtomic(join(dir, "markdown-lib.js"), built.get(join(pub, "vendor.js"))!);
  writeServedAssets(root, dir, cssText);
  return { js: jsText.length, css: cssText.length };
}

/** Minifies each file on its own (Bun.build), keyed by its absolute path. */
async function minify(files: string[], format?: "iife"): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of files) {
    const r = await Bun.build({ entrypoints: [file], minify: true, target: "browser", format, sourcemap: "none" });
    if (!r.success) throw new Error(`bundling ${file} failed: ${r.logs.join("\n")}`);
    out.set(file, await r.outputs[0]!.text());
  }
  return out;
}

// A vendor file's trailing source-map comment would point at a file the server does not have.
function stripMapComment(text: string): string {
  return text.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, "");
}
