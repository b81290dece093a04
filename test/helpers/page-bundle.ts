// Test preload (bunfig.toml): the server imports public/dist/page.js and page.css, which build.ts makes
// before a compile; a lone `bun test` makes them here from the current public/ sources.
import { join } from "node:path";
import { bundlePage } from "../../src/build/page-bundle.ts";

await bundlePage(join(import.meta.dir, "..", ".."));
