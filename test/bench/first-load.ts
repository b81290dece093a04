// First load of `/` in headless Chromium on localhost: requests made and bytes on the wire (HTML, CSS,
// JS, fonts, icons, gzipped where served so; a long-lived stream counts its request and the bytes it
// sent by then), and time until the page is interactive (Alpine initialised, fonts loaded).
// Median of 5 cold loads, each in a fresh browser context (empty cache). `--list` prints each request.
import { launch } from "../helpers/browser.ts";
import { startBinary, tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

type Load = { requests: Map<string, { url: string; bytes: number }>; tti: number };

const bin = process.env.MY_CREW_BIN;
const home = tempDir("bench-first-load");
const server = await startBinary(["--port", "0", "--home", home], { env: { MY_AGENT_ROUTES: "fake:echo" }, bin });
const browser = await launch();
const loads: Load[] = [];
const withAnswer: Load[] = [];
try {
  for (let i = 0; i < 5; i++) loads.push(await coldLoad());
  // The same page once its conversation holds an answer: Markdown fetches its renderer.
  await answerOnce();
  for (let i = 0; i < 5; i++) withAnswer.push(await coldLoad());
} finally {
  await browser.close();
  server.proc.kill("SIGTERM");
  await server.proc.exited;
}

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const total = (l: Load) => [...l.requests.values()].reduce((s, r) => s + r.bytes, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const [name, set] of [["first load of /", loads], ["/ with one answer in the thread", withAnswer]] as const) {
  if (process.argv.includes("--list")) {
    for (const r of set.at(-1)!.requests.values()) console.log(`  ${kb(r.bytes).padStart(9)}  ${r.url.replace(server.url, "")}`);
  }
  const weight = `${med(set.map((l) => l.requests.size))} requests, ${kb(med(set.map(total)))}`;
  const tti = `interactive after ${med(set.map((l) => l.tti)).toFixed(0)} ms`;
  console.log(`${name}: ${weight} transferred, ${tti} (median of 5, headless Chromium, localhost)`);
  figure({ row: `${name}: weight on the wire, time to interactive`, value: `${weight}, ${tti}` });
}

async function answerOnce(): Promise<void> {
  const list = (await (await fetch(`${server.url}/api/conversations`)).json()) as { conversations: { id: string }[] };
  const id = list.conversations[0]!.id;
  const res = await fetch(`${server.url}/api/conversations/${id}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "**xin chào** — một bảng:\n\n| a | b |\n|---|---|\n| 1 | 2 |", request_id: "bench-1" }),
  });
  await res.text();
}

async function coldLoad(): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const requests = new Map<string, { url: string; bytes: number }>();
    cdp.on("Network.requestWillBeSent", (e: { requestId: string; request: { url: string } }) => {
      if (!e.request.url.startsWith("data:")) requests.set(e.requestId, { url: e.request.url, bytes: 0 });
    });
    // A second use of a file already in the cache (the favicon as tab icon and as logo) is no request.
    cdp.on("Network.requestServedFromCache", (e: { requestId: string }) => requests.delete(e.requestId));
    cdp.on("Network.responseReceived", (e: { requestId: string; response: { fromDiskCache?: boolean } }) => {
      if (e.response.fromDiskCache) requests.delete(e.requestId);
    });
    // Streams never finish: their bytes so far come from dataReceived; finished requests report the total.
    cdp.on("Network.dataReceived", (e: { requestId: string; encodedDataLength: number }) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes += e.encodedDataLength;
    });
    cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    await page.addInitScript(() => document.addEventListener("alpine:initialized", () => ((window as any).__tti = performance.now())));
    await page.goto(`${server.url}/`, { waitUntil: "load" });
    await page.waitForFunction(() => (window as any).__tti !== undefined && document.fonts.status === "loaded");
    // Let late requests (the icon sprite, a stream opened by htmx) show up before counting.
    await page.waitForTimeout(300);
    return { requests, tti: await page.evaluate(() => (window as any).__tti as number) };
  } finally {
    await context.close();
  }
}
