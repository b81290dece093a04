// The new-build banner (M-59, M-60): a page loaded from one build shows "Có bản mới" once the server
// was rebuilt with a changed asset and restarted — noticed after the activity stream reconnects.
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, symlinkSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import { binaryPath, startBinary, stopAll, tempDir } from "../helpers/binary.ts";
import { launch, withPage } from "../helpers/browser.ts";

// Two builds and three start-ups: minutes on a busy machine.
setDefaultTimeout(240_000);
const root = join(import.meta.dir, "..", "..");
// Every server a test started is killed, passed or failed.
afterAll(stopAll);

/** The same sources with one changed statement in public/chat.js (a comment would be minified away),
 * built into their own binary: the page bundle gets a new hashed name. */
function changedBuild(): string {
  const dir = tempDir("variant");
  for (const entry of ["src", "views", "public", "build.ts", "package.json", "tsconfig.json", "bunfig.toml"]) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  appendFileSync(join(dir, "public", "chat.js"), '\nwindow.myCrewVariant = "a new build";\n');
  const out = join(dir, "my-crew");
  const r = Bun.spawnSync([process.execPath, "build.ts", "--outfile", out], { cwd: dir, stdout: "ignore", stderr: "inherit" });
  if (r.exitCode !== 0) throw new Error("variant build failed");
  return out;
}

describe("new-build banner", () => {
  test("appears after the server restarts with a changed asset, and not before", async () => {
    const variant = changedBuild();
    const home = tempDir("banner-home");
    const env = { MY_AGENT_ROUTES: "fake:echo" };
    // The first server takes any free port; the rebuilt one comes back on the same port.
    const first = await startBinary(["--port", "0", "--home", home], { env, bin: binaryPath() });
    const port = new URL(first.url).port;
    const browser = await launch();
    try {
      await withPage(browser, "build-banner", {}, async (page, errors) => {
        // A freshly loaded page is its own build: no check runs until a stream reconnects.
        await page.goto(`${first.url}/`);
        await page.locator("#composer textarea").waitFor();
        expect(await page.locator("#build-banner").isVisible()).toBe(false);
        first.proc.kill("SIGTERM");
        await first.proc.exited;
        const second = await startBinary(["--port", port, "--home", home], { env, bin: variant });
        await page.locator("#build-banner").waitFor({ state: "visible", timeout: 60_000 });
        expect(await page.locator("#build-banner").innerText()).toContain("Có bản mới");
        // The stream was down for a moment (htmx logs its failed reconnects as "Failed to fetch", the
        // browser its refused connections); nothing else may have gone wrong on the page.
        const downtime = /ERR_CONNECTION_REFUSED|Failed to load resource|Failed to fetch|network/i;
        expect(errors.filter((e) => !downtime.test(e))).toEqual([]);
      });
    } finally {
      await browser.close();
    }
  });
});
