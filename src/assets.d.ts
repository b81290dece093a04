// Files imported `with { type: "file" }` resolve to a path (embedded in the compiled binary).
declare module "*.woff2" { const path: string; export default path; }
declare module "*.css" { const path: string; export default path; }
declare module "*.svg" { const path: string; export default path; }
declare module "*/public/storage.js" { const path: string; export default path; }
declare module "*/public/markdown.js" { const path: string; export default path; }
declare module "*/public/inert.js" { const path: string; export default path; }
declare module "*/public/nav.js" { const path: string; export default path; }
declare module "*/public/cards.js" { const path: string; export default path; }
declare module "*/public/chat.js" { const path: string; export default path; }
declare module "*/public/manage.js" { const path: string; export default path; }
declare module "*/public/build-check.js" { const path: string; export default path; }
declare module "*/marked/lib/marked.umd.js" { const path: string; export default path; }
declare module "dompurify/dist/purify.min.js" { const path: string; export default path; }
declare module "*/public/texts.js" { const path: string; export default path; }
declare module "htmx.org/dist/htmx.min.js" { const path: string; export default path; }
declare module "htmx.org/dist/ext/hx-sse.min.js" { const path: string; export default path; }
declare module "alpinejs/dist/cdn.min.js" { const path: string; export default path; }
