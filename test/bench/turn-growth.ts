// Per-turn server CPU over one long conversation through the real runtime (crew, turn host, hub, prompt
// with every built-in tool), SQLite on disk, fake:echo. CPU by process.cpuUsage around each turn, after a
// 300-turn warm-up; turns around 100 and around N (2,000) of two conversations are timed alternately.
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
/** One conversation the bench talks to; `turn()` sends the next message and returns its CPU time in ms. */
function conversation() {
  const conv = createConversation(store, { agentId: "default", costCapUsd: 0, title: "bench" });
  let i = 0;
  const turn = async (): Promise<number> => {
    const c0 = process.cpuUsage();
    const text = `xin chào, hôm nay trời đẹp quá ${i++}`;
    const out = send(rt.host, store, { conversationId: conv.id, text, source: "chat" });
    if (out.kind !== "started") throw new Error(`send: ${out.kind}`);
    const r = await out.turn.done;
    if (r.status !== "done") throw new Error(`turn ended ${r.status}`);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  return { turn, turns: () => i };
}

const WINDOW = 100;
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
// A server that has been up a while: the code is compiled and the caches filled before anything is timed.
const warm = conversation();
for (let i = 0; i < Number(process.env.WARMUP ?? 300); i++) await warm.turn();
// The long conversation grows to just before turn N and the short one to just before turn 100; then they take
// turns, so both windows are measured under the same machine state (a shared machine drifts between runs).
const long = conversation();
const short = conversation();
while (long.turns() < N - WINDOW / 2) await long.turn();
while (short.turns() < 100 - WINDOW / 2) await short.turn();
const at100: number[] = [];
const atN: number[] = [];
for (let i = 0; i < WINDOW; i++) {
  at100.push(await short.turn());
  atN.push(await long.turn());
}
const window = (c: ReturnType<typeof conversation>) => `turns ${c.turns() - WINDOW + 1}-${c.turns()}`;
console.log(`turn 100: CPU median ${med(at100).toFixed(2)} ms (${window(short)}, alternating with the other)`);
console.log(`turn ${N}: CPU median ${med(atN).toFixed(2)} ms (${window(long)})`);
const rss = `${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`;
console.log(`RSS after ${N} turns: ${rss}`);
figure({ row: "server CPU per text turn, turn 100", value: `${med(at100).toFixed(2)} ms`, target: "≤ 1.5 ms" });
const ratio = `${((med(atN) / med(at100) - 1) * 100).toFixed(0)} %`;
figure({ row: `server CPU per text turn, turn ${N}`, value: `${med(atN).toFixed(2)} ms (${ratio})`, target: "turn 100 ± 20 %" });
figure({ row: `RSS after ${N} turns (in-process)`, value: rss });
process.exit(0);
