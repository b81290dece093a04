// A turn on an in-memory store with scripted providers and test tools: the loop runs for real; only
// the model is planned. Every emitted event is checked against the one contract's zod schema.
import { z } from "zod";
import { TurnEventSchema, type TurnEvent } from "../../../src/agent/events.ts";
import { runTurn, type TurnInput } from "../../../src/agent/loop.ts";
import { scriptedProvider, type ScriptedReply } from "../../../src/llm/fake.ts";
import type { Route } from "../../../src/llm/types.ts";
import { createConversation, type NewConversation } from "../../../src/store/conversations.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { createRun, getRun } from "../../../src/store/runs.ts";
import { defineTool, type Tool } from "../../../src/tools/define.ts";
import { sqlTurnStore } from "../../../src/turns/sql-turn-store.ts";

export function route(plan: ScriptedReply[], label = "scripted:model-a", free = false): Route & { provider: ReturnType<typeof scriptedProvider> } {
  const [name, model] = label.split(":") as [string, string];
  return { label, model, provider: scriptedProvider(plan, name, free) };
}

export const ran: string[] = [];
export const testTools: Tool[] = [
  defineTool({ name: "lookup", description: "read", params: z.object({ q: z.string() }), requiresApproval: false, replaySafe: true, execute: async (a) => (ran.push(`lookup:${a.q}`), `found ${a.q}`) }),
  defineTool({ name: "write", description: "write", params: z.object({ path: z.string() }), requiresApproval: true, execute: async (a) => (ran.push(`write:${a.path}`), `wrote ${a.path}`) }),
  defineTool({ name: "schedule", description: "forced", params: z.object({ prompt: z.string() }), requiresApproval: true, askReason: (a) => (a.prompt === "throw" ? (() => { throw new Error("x"); })() : a.prompt === "empty" ? "" : `Runs unattended: ${a.prompt}`), execute: async () => (ran.push("schedule"), "scheduled") }),
  defineTool({ name: "escape", description: "refuses", params: z.object({ path: z.string() }), requiresApproval: true, refuse: (a) => (a.path.startsWith("/") ? "path is outside the workspace" : null), execute: async (a) => (ran.push(`escape:${a.path}`), "ok") }),
  defineTool({ name: "ask", description: "question", params: z.object({ question: z.string(), options: z.array(z.string()).optional() }), requiresApproval: false, question: (a) => ({ question: a.question, options: a.options ?? [] }), execute: async () => { throw new Error("never"); } }),
  defineTool({ name: "boom", description: "fails", params: z.object({}), requiresApproval: false, execute: async () => { throw new Error("disk on fire"); } }),
];

export type Harness = ReturnType<typeof harness>;

export function harness(conv: Partial<NewConversation> = {}) {
  const store: Store = openStore(":memory:");
  const c = createConversation(store, { agentId: "default", costCapUsd: 0, ...conv });
  const events: TurnEvent[] = [];
  const sleeps: number[] = [];
  ran.length = 0;
  let runId = "";
  const turn = async (routes: Route[], opts: Partial<TurnInput> & { user?: string; continueRun?: boolean } = {}) => {
    if (!opts.continueRun) {
      if (opts.user !== undefined) appendMessage(store, { conversationId: c.id, role: "user", content: opts.user });
      runId = createRun(store, { agentId: "default", source: "chat", conversationId: c.id }).id;
    }
    return runTurn({
      store: sqlTurnStore(store, c.id, runId),
      routes,
      tools: testTools,
      system: "You are a test.",
      emit: (e) => events.push(TurnEventSchema.parse(e)),
      signal: new AbortController().signal,
      toolContext: { workspace: "/tmp", agentId: "default", conversationId: c.id },
      limits: { maxSteps: 30, toolOutputChars: 12_000 },
      chain: { sleep: async (ms) => void sleeps.push(ms) },
      ...opts,
    });
  };
  return {
    store,
    conv: c,
    events,
    sleeps,
    turn,
    run: () => getRun(store, runId)!,
    types: () => events.map((e) => e.type),
    of: <T extends TurnEvent["type"]>(t: T) => events.filter((e): e is Extract<TurnEvent, { type: T }> => e.type === t),
  };
}
