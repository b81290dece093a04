// Real Chromium (Debian's /usr/bin/chromium) through playwright-core. `withPage` saves a screenshot to
// test-output/screenshots/ when the body throws, so a failing browser test shows what a person saw.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SHOTS = join(import.meta.dir, "..", "..", "test-output", "screenshots");

export async function launch(): Promise<Browser> {
  if (!(await Bun.file(CHROMIUM).exists())) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export async function withPage(
  browser: Browser,
  name: string,
  opts: { viewport?: { width: number; height: number } },
  body: (page: Page, errors: string[]) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  try {
    await body(page, errors);
  } catch (e) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true }).catch(() => {});
    throw e;
  } finally {
    await context.close();
  }
}
