// Files imported `with { type: "file" }` resolve to a path (embedded in the compiled binary).
declare module "*.woff2" { const path: string; export default path; }
declare module "*.css" { const path: string; export default path; }
declare module "*.svg" { const path: string; export default path; }
declare module "*/public/dist/page.js" { const path: string; export default path; }
declare module "*/public/dist/markdown-lib.js" { const path: string; export default path; }
// Bundled agent templates, imported `with { type: "text" }` (src/templates/catalogue.ts).
declare module "*.yaml" { const text: string; export default text; }
declare module "*.md" { const text: string; export default text; }
// Made by the build (src/build/asset-build.ts), so absent from a fresh checkout until it runs.
declare module "*/public/dist/assets.json" {
  const names: import("./models/assets.ts").AssetManifest;
  export default names;
}
declare module "*.gz" { const path: string; export default path; }
