// Inbound round trip with the fake provider: 1,000 sequential POST /api/inbound to the real binary
// (fresh home, fake:echo); then activity fan-out: 1,000 SSE watchers, one turn, how long until every
// watcher has the run's first frame.
import { startBinary, tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

const server = await startBinary(["--port", "0", "--home", tempDir("bench-inbound")], { env: { MY_AGENT_ROUTES: "fake:echo" } });
const post = (text: string) => fetch(`${server.url}/api/inbound`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });

try {
  for (let i = 0; i < 20; i++) await (await post("warm up")).json();
  const times: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const t0 = performance.now();
    const r = await (await post(`tin nhắn số ${i}`)).json();
    times.push(performance.now() - t0);
    if (r.status !== "done") throw new Error(JSON.stringify(r));
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  console.log(`inbound round trip (fake:echo, 1000 sequential): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms`);
  figure({ row: "POST /api/inbound round trip, fake:echo", value: `${q(0.5)} ms (p99 ${q(0.99)} ms)` });

  const N = 1000;
  const readers = await Promise.all(
    Array.from({ length: N }, async () => {
      const res = await fetch(`${server.url}/api/activity/stream`);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buf = "";
      while (!buf.includes("event: snapshot")) buf += (await reader.read()).value ?? "";
      return reader;
    }),
  );
  const t0 = performance.now();
  const arrivals = readers.map(async (reader) => {
    let buf = "";
    while (!buf.includes("event: run")) buf += (await reader.read()).value ?? "";
    return performance.now() - t0;
  });
  void post("fan-out");
  const got = (await Promise.all(arrivals)).sort((a, b) => a - b);
  console.log(`activity fan-out: ${got.length}/${N} watchers got the run frame; first ${got[0]!.toFixed(1)} ms, median ${got[N >> 1]!.toFixed(1)} ms, last ${got[N - 1]!.toFixed(1)} ms after the request`);
  figure({
    row: "1,000-watcher fan-out: a turn's first frame reaches every activity stream",
    value: `median ${got[N >> 1]!.toFixed(1)} ms, last ${got[N - 1]!.toFixed(1)} ms`,
  });
  await Promise.all(readers.map((r) => r.cancel().catch(() => {})));
} finally {
  server.proc.kill("SIGTERM");
}
