// Per-turn server CPU over one long conversation through the real runtime (crew, turn host, hub, prompt
// with every built-in tool), SQLite on disk, fake:echo. CPU by process.cpuUsage around each turn, after a
// 300-turn warm-up on another conversation.
import { join } from "node:path";
import { agentSchema } from "../../src/config/agent-schema.ts";
import { configSchema } from "../../src/config/config-schema.ts";
import { homePaths } from "../../src/config/home.ts";
import { resolveSettings } from "../../src/config/settings.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { openStore } from "../../src/store/db.ts";
import { send } from "../../src/turns/send.ts";
import { buildRuntime } from "../../src/turns/runtime.ts";
import { tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

const N = Number(process.env.TURNS ?? 2000);
const root = tempDir("bench-growth");
const store = openStore(join(root, "my-crew.db"));
const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "Asia/Ho_Chi_Minh" };
const settings = resolveSettings(configSchema.parse({}), env);
const profiles = new Map([["default", agentSchema.parse({})]]);
const rt = buildRuntime({ settings, profiles, paths: homePaths(root), env, store, log: () => {} });
/** Runs `n` turns on a new conversation; returns each turn's CPU time in ms. */
async function conversation(n: number): Promise<number[]> {
  const conv = createConversation(store, { agentId: "default", costCapUsd: 0, title: "bench" });
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const text = `xin chào, hôm nay trời đẹp quá ${i}`;
    const out = send(rt.host, store, { conversationId: conv.id, text, source: "chat" });
    if (out.kind !== "started") throw new Error(`send: ${out.kind}`);
    const r = await out.turn.done;
    if (r.status !== "done") throw new Error(`turn ended ${r.status}`);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return cpu;
}

// A server that has been up a while: the code is compiled and the caches filled before anything is timed.
await conversation(300);
const cpu = await conversation(N);
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
for (const at of (process.env.AT ?? "100,500,1000,2000").split(",").map(Number)) {
  if (at > N) continue;
  console.log(`turn ${at}: CPU median ${med(cpu.slice(at - 50, at)).toFixed(2)} ms (turns ${at - 49}-${at})`);
}
const rss = `${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`;
console.log(`RSS after ${N} turns: ${rss}`);
figure({ row: "server CPU per text turn, turn 100", value: `${med(cpu.slice(50, 100)).toFixed(2)} ms`, target: "≤ 1.5 ms" });
const late = cpu.slice(N - 50, N);
figure({ row: `server CPU per text turn, turn ${N}`, value: `${med(late).toFixed(2)} ms`, target: "turn 100 ± 20 %" });
figure({ row: `RSS after ${N} turns (in-process)`, value: rss });
process.exit(0);
