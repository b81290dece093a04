// What a delegation costs: server time added to a turn and model calls, relay on and off. The real runtime
// (turn host, activity hub, a WAL store in a temp home) with in-process models that answer at once, so the
// figures are the server's own work. Each turn runs in a fresh conversation (at most 8 delegations each).
import { join } from "node:path";
import { agentSchema } from "../../src/config/agent-schema.ts";
import { configSchema } from "../../src/config/config-schema.ts";
import { homePaths } from "../../src/config/home.ts";
import { resolveSettings } from "../../src/config/settings.ts";
import type { ChatMessage, ModelRequest, Provider, StreamItem } from "../../src/llm/types.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { openStore } from "../../src/store/db.ts";
import { buildRuntime } from "../../src/turns/runtime.ts";
import { send } from "../../src/turns/send.ts";
import { tempDir } from "../helpers/binary.ts";
import { figure } from "./figures.ts";

const N = 300;
const root = tempDir("bench-delegate");
const store = openStore(join(root, "my-crew.db"));
const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
const profiles = new Map([["default", agentSchema.parse({})], ["coder", agentSchema.parse({})]]);
const settings = resolveSettings(configSchema.parse({}), env);
const rt = buildRuntime({ settings, profiles, paths: homePaths(root), env, store, log: () => {} });

/** A model that answers at once: `decide` picks the reply from the conversation so far. */
function model(name: string, decide: (last: ChatMessage, all: readonly ChatMessage[]) => StreamItem[]) {
  const counter = { calls: 0 };
  const provider: Provider = {
    name,
    free: true,
    async *stream(req: ModelRequest) {
      counter.calls++;
      yield* decide(req.messages.at(-1)!, req.messages);
      yield { kind: "usage", usage: { inputTokens: 10, outputTokens: 5, cachedTokens: 0, reasoningTokens: 0 } };
      yield { kind: "end", reason: "stop" };
    },
  };
  return { provider, counter };
}

const text = (t: string): StreamItem[] => [{ kind: "text", text: t }];
const call = (name: string, args: unknown): StreamItem[] => [
  { kind: "tool_call_delta", index: 0, id: `c_${crypto.randomUUID().slice(0, 8)}`, name, args: JSON.stringify(args) },
];

// The master reads the owner's first word: "direct" answers, "note" uses a tool, anything else delegates.
const master = model("master", (last) => {
  if (last.role === "tool") return text(`Summary of: ${last.content.slice(0, 40)}`);
  if (last.content.startsWith("direct")) return text("A direct answer of a few words.");
  if (last.content.startsWith("note")) return call("progress_note", { text: "working" });
  return call("delegate", { agent: "coder", task: last.content });
});
// The child ends done, or — for the relay-off case — says it only got part of the way.
const coder = model("coder", (last) =>
  text(last.content.includes("partial") ? "Half of it.\nStatus: partial" : "The full answer, in a few words."));
rt.crew().get("default")!.routes = [{ label: "master:m", model: "m", provider: master.provider }];
rt.crew().get("coder")!.routes = [{ label: "coder:m", model: "m", provider: coder.provider }];

async function measure(name: string, message: string) {
  const times: number[] = [];
  const before = { master: master.counter.calls, coder: coder.counter.calls };
  for (let i = 0; i < N; i++) {
    const conv = createConversation(store, { agentId: "default", costCapUsd: 0, title: "bench" });
    const t0 = performance.now();
    const out = send(rt.host, store, { conversationId: conv.id, text: message, source: "chat" });
    if (out.kind !== "started") throw new Error(`send: ${out.kind}`);
    const result = await out.turn.done;
    times.push(performance.now() - t0);
    if (result.status !== "done") throw new Error(`turn ended ${result.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!;
  const per = (n: number) => (n / N).toFixed(2);
  const calls = `model calls per turn: master ${per(master.counter.calls - before.master)}, ` +
    `child ${per(coder.counter.calls - before.coder)}`;
  console.log(`${name}: median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms; ${calls}`);
  return at(0.5);
}

const direct = await measure("direct answer (1 model call)", "direct question");
await measure("one tool call, then an answer (2 model calls)", "note this");
const relay = await measure("delegation, relay on (child done)", "do the task");
const noRelay = await measure("delegation, relay off (child reports Status: partial)", "do the partial task");
console.log(`a delegation adds ${(relay - direct).toFixed(2)} ms of server time to a turn (relay on, medians)`);
console.log(`relay off costs one more master model call and ${(noRelay - relay).toFixed(2)} ms more (medians)`);
figure({ row: "server time a delegation adds to a turn (relay on)", value: `${(relay - direct).toFixed(2)} ms` });
