// `npm start` / `npm test` on a fresh clone: install exactly the locked packages when they are missing.
const { existsSync } = require("node:fs");
const { execSync } = require("node:child_process");
if (!existsSync("node_modules/.bin/bun") || !existsSync("node_modules/hono")) {
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
}
