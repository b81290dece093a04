// What one turn costs in server time with the fake provider: the real loop, the real SQLite store
// (a WAL file in a temp home), fake:echo. Median and p95 over 1,000 turns of each kind.
import { join } from "node:path";
import { runTurn } from "../../src/agent/loop.ts";
import { echoProvider } from "../../src/llm/fake.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { openStore } from "../../src/store/db.ts";
import { appendMessage } from "../../src/store/messages.ts";
import { createRun } from "../../src/store/runs.ts";
import { defineTool } from "../../src/tools/define.ts";
import { sqlTurnStore } from "../../src/turns/sql-turn-store.ts";
import { tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";
import { z } from "zod";

const N = 1000;
const store = openStore(join(tempDir("bench-turn"), "my-crew.db"));
const route = { label: "fake:echo", model: "echo", provider: echoProvider() };
const note = defineTool({ name: "note", description: "note", params: z.object({ text: z.string() }), requiresApproval: false, execute: async (a) => a.text });

async function measure(name: string, row: string, text: string) {
  const conv = createConversation(store, { agentId: "default", costCapUsd: 0 });
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    appendMessage(store, { conversationId: conv.id, role: "user", content: `${text}` });
    const run = createRun(store, { agentId: "default", source: "chat", conversationId: conv.id });
    const result = await runTurn({
      store: sqlTurnStore(store, conv.id, run.id),
      routes: [route],
      tools: [note],
      system: "bench",
      emit: () => {},
      signal: new AbortController().signal,
      toolContext: { workspace: "/tmp", agentId: "default", conversationId: conv.id },
      limits: { maxSteps: 30, toolOutputChars: 12000 },
    });
    times.push(performance.now() - t0);
    if (result.status !== "done") throw new Error(`turn ended ${result.status}`);
    // A fresh conversation every 50 turns keeps history length realistic.
    if (i % 50 === 49) conv.id = createConversation(store, { agentId: "default", costCapUsd: 0 }).id;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
  console.log(`${name}: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${N} turns`);
  figure({ row, value: `${at(0.5)} ms (p95 ${at(0.95)} ms)` });
}

const TEXT = "text turn through the loop and store alone, median";
await measure("text turn (fake:echo, 12 words)", TEXT, "xin chào, hôm nay trời đẹp quá, mình đi dạo một vòng nhé");
const TOOL = "tool turn (2 model calls), loop and store alone, median";
await measure("tool turn (fake:echo /tool note, 2 model calls)", TOOL, '/tool note {"text":"hello"}');
