// Files imported `with { type: "file" }` resolve to a path (embedded in the compiled binary).
declare module "*.woff2" { const path: string; export default path; }
declare module "*.css" { const path: string; export default path; }
declare module "*.svg" { const path: string; export default path; }
declare module "*/public/app.js" { const path: string; export default path; }
declare module "*/public/texts.js" { const path: string; export default path; }
declare module "htmx.org/dist/htmx.min.js" { const path: string; export default path; }
declare module "htmx.org/dist/ext/hx-sse.min.js" { const path: string; export default path; }
declare module "alpinejs/dist/cdn.min.js" { const path: string; export default path; }
