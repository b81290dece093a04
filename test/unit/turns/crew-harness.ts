// A real crew on an in-memory store for delegation tests: profiles as agent.yaml would give them, the real
// turn host and activity hub, and a scripted provider per agent, so each test counts every model call.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TurnEventSchema } from "../../../src/agent/events.ts";
import type { Signal } from "../../../src/activity/hub.ts";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { scriptedProvider, type ScriptedReply, type ScriptedProvider } from "../../../src/llm/fake.ts";
import { createConversation, type NewConversation } from "../../../src/store/conversations.ts";
import { openStore } from "../../../src/store/db.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { send } from "../../../src/turns/send.ts";
import { buildRuntime } from "../../../src/turns/runtime.ts";

export type CrewPlan = Record<string, { profile?: Record<string, unknown>; plan?: ScriptedReply[] }>;

export function crewHarness(crew: CrewPlan) {
  const store = openStore(":memory:");
  const root = mkdtempSync(join(tmpdir(), "mc-crew-"));
  const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
  const settings = resolveSettings(configSchema.parse({}), env);
  const profiles = new Map(Object.entries(crew).map(([id, a]) => [id, agentSchema.parse(a.profile ?? {})]));
  const rt = buildRuntime({ settings, profiles, paths: homePaths(root), env, store, log: () => {} });
  const providers = new Map<string, ScriptedProvider>();
  for (const [id, a] of Object.entries(crew)) {
    const provider = scriptedProvider(a.plan ?? [], id);
    providers.set(id, provider);
    rt.crew().get(id)!.routes = [{ label: `${id}:model`, model: "model", provider }];
  }
  const signals: Signal[] = [];
  rt.hub.listen((s) => {
    if (s.type === "event") TurnEventSchema.parse(s.event);
    signals.push(s);
  });
  // A title keeps the Titler's side call off the scripted plans.
  const conversation = (more: Partial<NewConversation> = {}) =>
    createConversation(store, { agentId: "default", costCapUsd: 0, title: "set", ...more });
  /** Sends `text` to the conversation and waits until its turn (with every delegation in it) has ended. */
  const ask = async (conversationId: string, text: string) => {
    const out = send(rt.host, store, { conversationId, text, source: "chat" });
    if (out.kind !== "started") throw new Error(`send: ${out.kind}`);
    return out.turn.done;
  };
  const messages = (conversationId: string) => listMessages(store, conversationId);
  const calls = (id: string) => providers.get(id)!.requests.length;
  return { store, rt, host: rt.host, providers, signals, conversation, ask, messages, calls };
}

/** A scripted reply that calls delegate once. */
export const delegateTo = (agent: string, task: string, id?: string): ScriptedReply => ({
  toolCalls: [{ name: "delegate", args: { agent, task }, id }],
});
