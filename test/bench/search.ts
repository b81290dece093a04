// Message search (K-14…K-16) on a home with 1,000,000 messages: 2,000 conversations of three agents,
// Vietnamese and English text drawn from a skewed vocabulary (common words match hundreds of thousands
// of messages, rare ones a few). p50 / p95 of GET /api/messages/search through the real route on a WAL
// file store, with the triggers and the FTS index the product uses. Figures only.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { searchRoutes } from "../../src/server/routes/search.ts";
import type { AppDeps } from "../../src/server/deps.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { agentSearch } from "../../src/store/search.ts";
import { openStore } from "../../src/store/db.ts";
import { tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

const MESSAGES = Number(process.env.SEARCH_BENCH_MESSAGES ?? 1_000_000);
const CONVERSATIONS = 2_000;
const WORDS = (
  "tôi bạn và là có không của cho một những được này với các người đi làm việc ngày hôm nay mai " +
  "nhà sách đọc viết học chợ mua bán tiền giá vé máy bay khách sạn Đà Lạt Hà Nội Sài Gòn biển núi " +
  "dọn dẹp nấu ăn cơm phở cà phê trà sữa bánh mì lịch họp báo cáo dự án kế hoạch ngân sách tháng " +
  "the a to of and in is it that for you with on this be are code test build deploy server bug fix " +
  "đường đèn điện đồng hồ đẹp đúng đã đang để đến đâu đều đọc đi đôi giày áo quần mưa nắng gió lạnh"
).split(" ");
// A long tail of made-up syllable pairs after the everyday words, as real text has: 20,000 words in all.
const SYLLABLES = "ba ca da ga ha kha la ma na pha qua ra sa ta tha va xa bo co do go ho lo mo no po to".split(" ");
for (let i = 0; WORDS.length < 20_000; i++) WORDS.push(`${SYLLABLES[i % 28]}${SYLLABLES[Math.floor(i / 28) % 28]}${i}`);

// SEARCH_BENCH_HOME keeps the built home there (and reuses it on the next run) to compare query plans.
const kept = process.env.SEARCH_BENCH_HOME;
const home = kept ?? tempDir("bench-search");
const reuse = !!kept && existsSync(join(home, "my-crew.db"));
const store = openStore(join(home, "my-crew.db"));

// A fixed-seed generator: the same home on every run.
let seed = 42;
// mulberry32: 32-bit integer steps (Math.imul), so no precision is lost to floating point.
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
// Zipf-like: word k is picked with weight ~ 1/(k+1), so the first words are everywhere, the tail rare.
const pick = () => WORDS[Math.min(WORDS.length - 1, Math.floor(Math.exp(rand() * Math.log(WORDS.length + 1)) - 1))]!;
const sentence = () => Array.from({ length: 5 + Math.floor(rand() * 40) }, pick).join(" ");
if (!reuse) build();

function build() {
const agents = ["default", "researcher", "coach"];
const convs = Array.from({ length: CONVERSATIONS }, (_, i) =>
  createConversation(store, { agentId: agents[i % 3]!, title: `Cuộc ${i}` }).id);
const t0 = performance.now();
const BATCH = 100_000;
const seqs = new Map<string, number>();
for (let done = 0; done < MESSAGES; done += BATCH) {
  store.tx(() => {
    const insert = store.db.prepare(
      "INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES (?, ?, ?, ?, ?)");
    for (let i = done; i < Math.min(MESSAGES, done + BATCH); i++) {
      const conv = convs[i % CONVERSATIONS]!;
      const seq = (seqs.get(conv) ?? 0) + 1;
      seqs.set(conv, seq);
      insert.run(conv, seq, i % 2 ? "assistant" : "user", sentence(), new Date(1_700_000_000_000 + i * 1000).toISOString());
    }
  });
}
const built = (performance.now() - t0) / 1000;
const file = Bun.file(join(home, "my-crew.db")).size / 2 ** 20;
console.log(`built ${MESSAGES.toLocaleString("en")} messages in ${built.toFixed(0)} s (database ${file.toFixed(0)} MB)`);
}

const crew = { get: (id: string) => ({ id, name: id }), list: () => [] };
const deps = { store, crew: () => crew } as unknown as AppDeps;
const app = new Hono().route("/api/messages", searchRoutes(deps));

const QUERIES = ["don dep", "dọn dẹp", "doc sach", "đọc sách", "Đà Lạt", "da lat khach san", "lich hop bao cao",
  "ngân sách tháng", "deploy server", "tôi", WORDS[3000]!, `${WORDS[500]} ${WORDS[800]}`];
const RUNS = 21;
const p50s: number[] = [];
let worst = 0;
for (const q of QUERIES) {
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await app.request(`/api/messages/search?q=${encodeURIComponent(q)}`);
    hits = ((await res.json()) as { results: unknown[] }).results.length;
    times.push(performance.now() - t);
  }
  const matching = store.db.query("SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?")
    .get(q.replace(/đ/g, "d").replace(/Đ/g, "D").split(" ").map((w) => `"${w}"`).join(" ")) as { n: number };
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.min(RUNS - 1, Math.floor(x * RUNS))]!.toFixed(1);
  p50s.push(times[RUNS >> 1]!);
  worst = Math.max(worst, times[Math.floor(0.95 * RUNS)]!);
  console.log(`${JSON.stringify(q).padEnd(20)} ${String(matching.n).padStart(7)} matching, ${hits} shown: ` +
    `p50 ${p(0.5)} ms, p95 ${p(0.95)} ms`);
}
p50s.sort((a, b) => a - b);
figure({
  row: `message search, ${MESSAGES.toLocaleString("en")} messages: median query's p50, slowest p95`,
  value: `${p50s[p50s.length >> 1]!.toFixed(1)} ms, ${worst.toFixed(1)} ms`,
});
// The conversation_search tool's path: one agent's conversations only (a third of the home).
const scoped = agentSearch(store, "coach");
for (const q of ["dọn dẹp", "tôi"]) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    scoped(q, 10);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`conversation_search ${JSON.stringify(q)} (one agent): p50 ${times[10]!.toFixed(1)} ms, ` +
    `p95 ${times[Math.floor(0.95 * RUNS)]!.toFixed(1)} ms`);
}
store.close();
if (!kept) rmSync(home, { recursive: true, force: true });
