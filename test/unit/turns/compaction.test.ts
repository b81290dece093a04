// The bounded context through the real runtime (issue 20): the real system prompt and tools, memory blocks
// in the messages, and a provider as strict as the real APIs about its window and about tool-call pairing.
import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { localDate } from "../../../src/config/owner-time.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { listPending } from "../../../src/store/approvals.ts";
import { listCompactions } from "../../../src/store/compactions.ts";
import { createConversation } from "../../../src/store/conversations.ts";
import { all, openStore } from "../../../src/store/db.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { TContext } from "../../../src/texts/vi-context.ts";
import { decide } from "../../../src/turns/commands.ts";
import { fork } from "../../../src/turns/fork.ts";
import { modelView } from "../../../src/turns/model-view.ts";
import { buildRuntime } from "../../../src/turns/runtime.ts";
import { send } from "../../../src/turns/send.ts";
import { windowProvider } from "../../helpers/window-provider.ts";

const PERSONA = "PERSONA-7f3: you answer briefly.";
const OWNER = "OWNER-19c: the owner lives in Đà Lạt.";
const NOTE = "- NOTE-5b2: dentist at 15:00";

/** A home with a persona, the owner's facts and today's note, and a runtime whose model has `window` tokens. */
function crew(window: number) {
  const root = mkdtempSync(join(tmpdir(), "mc-compact-"));
  writeFileSync(join(root, "persona.md"), PERSONA);
  mkdirSync(join(root, "users/owner/memory"), { recursive: true });
  writeFileSync(join(root, "users/owner/USER.md"), OWNER);
  writeFileSync(join(root, `users/owner/memory/${localDate(new Date(), "UTC")}.md`), `${NOTE}\n`);
  const store = openStore(":memory:");
  const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
  const settings = resolveSettings(configSchema.parse({}), env);
  const profiles = new Map([["default", agentSchema.parse({})]]);
  const rt = buildRuntime({ settings, profiles, paths: homePaths(root), env, store, log: () => {} });
  const provider = windowProvider(window);
  rt.crew().get("default")!.routes = [{ label: "window:model", model: "model", provider, contextWindow: window }];
  const conversation = () => createConversation(store, { agentId: "default", costCapUsd: 0, title: "set" }).id;
  const ask = async (conversationId: string, text: string) => {
    const out = send(rt.host, store, { conversationId, text, source: "chat" });
    if (out.kind !== "started") throw new Error(`send: ${out.kind}`);
    return out.turn.done;
  };
  const chats = () => provider.requests.filter((r) => !r.system.startsWith("You compress"));
  return { store, rt, provider, conversation, ask, chats };
}

describe("bounded context", () => {
  test("300 scripted turns stay under the window, every instruction intact, the prompt byte-identical", async () => {
    const c = crew(12_000);
    const id = c.conversation();
    const systemsAround: [string, string][] = [];
    let compactions = 0;
    for (let i = 1; i <= 300; i++) {
      const before = c.chats().at(-1)?.system;
      const r = await c.ask(id, `turn ${i}: remember FACT-${i}, and keep answering`);
      expect(r.status).toBe("done");
      const now = listCompactions(c.store, id).length;
      if (now > compactions && before) systemsAround.push([before, c.chats().at(-1)!.system]);
      compactions = now;
    }
    expect(c.provider.refusals).toEqual([]);
    expect(compactions).toBeGreaterThanOrEqual(2);
    // The system prompt the provider caches is the same bytes right before and right after each compaction.
    expect(systemsAround.length).toBe(compactions);
    for (const [before, after] of systemsAround) expect(after).toBe(before);
    const block = listMessages(c.store, id)[0]!.block!;
    expect(block).toContain("NOTE-5b2");
    c.chats().forEach((req, n) => {
      expect(req.system).toContain(PERSONA);
      expect(req.system).toContain(OWNER);
      // The opening message's memory block reaches every call byte for byte, compacted or not.
      expect(req.messages[0]!.content.startsWith(`${block}\n\n`)).toBe(true);
      expect(req.messages.at(-1)!.content).toEndWith(`turn ${n + 1}: remember FACT-${n + 1}, and keep answering`);
    });
    const last = c.chats().at(-1)!;
    expect(last.messages[0]!.content).toContain("<earlier-turns count=");
    expect(last.messages.length).toBeLessThan(200);
    // Every message stays in the log, readable and searchable.
    expect(listMessages(c.store, id)).toHaveLength(600);
    const ledger = all<{ purpose: string }>(c.store, "SELECT purpose FROM side_calls WHERE purpose = 'compaction'");
    expect(ledger.length).toBe(compactions);
  }, 120_000);

  test("a turn that would not fit even after compaction is refused with a sentence, never cut", async () => {
    const c = crew(12_000);
    const id = c.conversation();
    const huge = "rất dài ".repeat(5_000);
    const r = await c.ask(id, huge);
    expect(r.status).toBe("error");
    expect(r.text).toBe(TContext.tooBig(Number(/khoảng ([\d.]+)/.exec(r.text)![1]!.replaceAll(".", "")), 12_000));
    expect(c.chats()).toHaveLength(0);
    // The message is kept; a shorter one afterwards gets an answer.
    expect(listMessages(c.store, id).at(-1)!.content).toBe(huge);
    expect((await c.ask(id, "ngắn thôi")).status).toBe("done");
  });

  test("a call still open when the context is compacted keeps its place, with its result, after the summary", async () => {
    const c = crew(12_000);
    const id = c.conversation();
    for (let i = 1; i <= 10; i++) await c.ask(id, `turn ${i}`);
    const agent = c.rt.crew().get("default")!;
    agent.compactAtPercent = 95;
    const asked = await c.ask(id, '/tool file_write {"path":"a.txt","content":"xin chào"}');
    expect(asked.status).toBe("approval_required");
    // Past its threshold now: the continuation compacts before its next call, with the call still open.
    agent.compactAtPercent = 20;
    const out = decide({ store: c.store, host: c.rt.host, hub: c.rt.hub }, listPending(c.store, id)[0]!.id, {
      decision: "approve",
    });
    expect(out.kind).toBe("decided");
    expect((await c.rt.host.running(id)!.done).status).toBe("done");
    const [compaction] = listCompactions(c.store, id);
    const ask = listMessages(c.store, id).find((m) => m.content.startsWith("/tool file_write"))!;
    expect(compaction!.uptoSeq).toBe(ask.seq - 1);
    const after = c.chats().at(-1)!.messages;
    expect(after[0]!.content).toEndWith('/tool file_write {"path":"a.txt","content":"xin chào"}');
    const call = after[1]!.role === "assistant" ? after[1]!.tool_calls![0]! : null;
    expect(call?.name).toBe("file_write");
    expect(after[2]).toMatchObject({ role: "tool", tool_call_id: call!.id });
    expect(c.provider.refusals).toEqual([]);
  });

  test("a fork of a compacted conversation keeps the summary and is a valid history", async () => {
    const c = crew(12_000);
    const id = c.conversation();
    for (let i = 1; i <= 200; i++) await c.ask(id, `turn ${i}: FACT-${i}`);
    const compactions = listCompactions(c.store, id);
    expect(compactions.length).toBeGreaterThanOrEqual(2);
    const last = compactions.at(-1)!;
    const rows = listMessages(c.store, id);
    const cut = rows.find((m) => m.role === "user" && m.seq > last.uptoSeq + 2)!;
    const branch = fork(c.store, id, cut.id, () => undefined);
    if (branch.kind !== "forked") throw new Error(branch.detail);
    const copied = listCompactions(c.store, branch.conversation.id);
    expect(copied.map((x) => [x.uptoSeq, x.turns, x.summary])).toEqual(compactions.map((x) => [x.uptoSeq, x.turns, x.summary]));
    const origin = modelView(c.store, id);
    expect(modelView(c.store, branch.conversation.id)).toEqual(origin.slice(0, cut.seq - last.uptoSeq - 1));
    expect((await c.ask(branch.conversation.id, "tiếp tục từ đây")).status).toBe("done");
    expect(c.chats().at(-1)!.messages[0]!.content).toContain(`<earlier-turns count="${last.turns}">`);
    // Before the first compaction's range ends: the branch has the whole history and compacts on its own.
    const early = rows.find((m) => m.role === "user" && m.seq > 20 && m.seq < compactions[0]!.uptoSeq)!;
    const second = fork(c.store, id, early.id, () => undefined);
    if (second.kind !== "forked") throw new Error(second.detail);
    expect(listCompactions(c.store, second.conversation.id)).toEqual([]);
    expect((await c.ask(second.conversation.id, "nhánh sớm")).status).toBe("done");
    expect(c.provider.refusals).toEqual([]);
  });
});
