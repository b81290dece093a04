// GET /api/stats on a home with 100,000 messages (and 10,000 side calls) spread over 30 days:
// the first (cold) answer and the cached one, through the real route on a WAL file store.
import { join } from "node:path";
import { Hono } from "hono";
import { statsRoutes } from "../../src/server/routes/stats.ts";
import type { AppDeps } from "../../src/server/deps.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { openStore } from "../../src/store/db.ts";
import { tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

const store = openStore(join(tempDir("bench-stats"), "my-crew.db"));
const conv = createConversation(store, { agentId: "default" });
const now = Date.now();
store.tx(() => {
  const msg = store.db.prepare(`INSERT INTO messages (conversation_id, seq, role, content, provider, model, cost_usd, input_tokens, output_tokens, created_at)
    VALUES (?, ?, 'assistant', 'x', ?, ?, ?, 100, 20, ?)`);
  for (let i = 1; i <= 100_000; i++) {
    const at = new Date(now - (i % 30) * 86_400_000 - (i % 1440) * 60_000).toISOString();
    msg.run(conv.id, i, i % 2 ? "openai" : "anthropic", i % 2 ? "gpt-4.1-mini" : "claude-sonnet-4-5", i % 10 === 0 ? null : 0.0004, at);
  }
  const side = store.db.prepare(`INSERT INTO side_calls (purpose, provider, model, cost_usd, input_tokens, output_tokens, created_at) VALUES (?, 'openai', 'gpt-4.1-mini', 0.0001, 50, 10, ?)`);
  for (let i = 0; i < 10_000; i++) side.run(i % 2 ? "title" : "tool_summary", new Date(now - (i % 30) * 86_400_000).toISOString());
});
store.wrote();
const app = new Hono().route("/api/stats", statsRoutes({ store, settings: { timezone: "Asia/Ho_Chi_Minh", allowedHosts: [] } } as unknown as AppDeps));

const time = async () => {
  const t0 = performance.now();
  const res = await app.request("/api/stats");
  await res.json();
  return performance.now() - t0;
};
const cold = await time();
const cached: number[] = [];
for (let i = 0; i < 50; i++) cached.push(await time());
cached.sort((a, b) => a - b);
store.wrote();
const afterWrite = await time();
console.log(`/api/stats on 100,000 messages + 10,000 side calls: cold ${cold.toFixed(1)} ms, cached median ${cached[25]!.toFixed(3)} ms, after a write ${afterWrite.toFixed(1)} ms`);
figure({
  row: "GET /api/stats on 100,000 messages",
  value: `cold ${cold.toFixed(0)} ms, cached ${cached[25]!.toFixed(2)} ms`,
});
