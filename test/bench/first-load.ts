// First load of `/` in headless Chromium on localhost: bytes on the wire (HTML, CSS, JS, fonts,
// gzipped where served so) and time until the page is interactive (Alpine initialised, composer
// ready). Median of 5 cold loads, each in a fresh browser context (empty cache).
import { launch } from "../helpers/browser.ts";
import { startBinary, tempDir } from "../helpers/binary.ts";

const server = await startBinary(["--port", "0", "--home", tempDir("bench-first-load")], { env: { MY_AGENT_ROUTES: "fake:echo" } });
const browser = await launch();
const bytes: number[] = [];
const tti: number[] = [];
try {
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    let total = 0;
    cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => (total += e.encodedDataLength));
    await page.addInitScript(() => document.addEventListener("alpine:initialized", () => ((window as any).__tti = performance.now())));
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => (window as any).__tti !== undefined && document.fonts.status === "loaded");
    await page.waitForTimeout(200);
    bytes.push(total);
    tti.push(await page.evaluate(() => (window as any).__tti as number));
    await context.close();
  }
} finally {
  await browser.close();
  server.proc.kill("SIGTERM");
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`first load of /: ${(med(bytes) / 1024).toFixed(1)} KB transferred (HTML+CSS+JS+fonts), interactive after ${med(tti).toFixed(0)} ms (median of 5, headless Chromium, localhost)`);
