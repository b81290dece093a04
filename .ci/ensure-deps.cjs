// `npm start` / `npm test` on a fresh clone: install exactly the locked packages when they are
// missing or older than package-lock.json (npm records what it installed in node_modules/.package-lock.json).
const { existsSync, statSync } = require("node:fs");
const { execSync } = require("node:child_process");
const installed = "node_modules/.package-lock.json";
const stale = !existsSync("node_modules/.bin/bun") || !existsSync(installed) ||
  statSync("package-lock.json").mtimeMs > statSync(installed).mtimeMs;
if (stale) execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
