// Session summaries (G-10, G-13, E-03): when a channel opens its next conversation, the previous one is
// summarised once by a metered side call that never bumps updated_at; the web's conversations follow none.
import { describe, expect, test } from "bun:test";
import { createConversation, getConversation, touchConversation } from "../../../src/store/conversations.ts";
import { all } from "../../../src/store/db.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { summarisePrevious } from "../../../src/turns/summary.ts";
import { testApp } from "../../helpers/app.ts";

const AT = "2026-01-01T00:00:00.000Z";

describe("session summaries", async () => {
  const t = await testApp([], { MY_AGENT_ROUTES: "fake:paid" });
  const logs: string[] = [];
  const deps = { store: t.store, crew: t.runtime.crew, log: (l: string) => logs.push(l) };
  const rows = (id: string) =>
    all<{ purpose: string; cost_usd: number }>(t.store, "SELECT purpose, cost_usd FROM side_calls WHERE conversation_id = $id", { id });
  /** A finished conversation on a channel, then the next one opened on it. */
  const pair = (channel: string) => {
    const prev = createConversation(t.store, { agentId: "default", channel });
    appendMessage(t.store, { conversationId: prev.id, role: "user", content: "Đặt bàn tối thứ sáu" });
    appendMessage(t.store, { conversationId: prev.id, role: "assistant", content: "Đã đặt lúc 19 giờ." });
    touchConversation(t.store, prev.id, AT);
    return { prev: prev.id, next: createConversation(t.store, { agentId: "default", channel }) };
  };

  test("one metered call, its cost on the summarised conversation, updated_at left where it was", async () => {
    const { prev, next } = pair("telegram:7");
    // Two messages opening the same new day wait for the same call.
    await Promise.all([summarisePrevious(deps, next), summarisePrevious(deps, next)]);
    const c = getConversation(t.store, prev)!;
    // fake:paid answers with the transcript it was sent.
    expect(c.summary).toBe("Owner: Đặt bàn tối thứ sáu\n\nAssistant: Đã đặt lúc 19 giờ.");
    expect(c.updatedAt).toBe(AT);
    expect(c.spentUsd).toBeCloseTo(0.01, 6);
    expect(rows(prev)).toEqual([{ purpose: "summary", cost_usd: 0.01 }]);
    // Already summarised: no second call.
    await summarisePrevious(deps, next);
    expect(rows(prev).length).toBe(1);
  });

  test("an empty conversation in between (a repeated /new) does not break the chain", async () => {
    const { prev } = pair("telegram:8");
    createConversation(t.store, { agentId: "default", channel: "telegram:8" });
    const third = createConversation(t.store, { agentId: "default", channel: "telegram:8" });
    await summarisePrevious(deps, third);
    expect(getConversation(t.store, prev)!.summary).toContain("Đặt bàn tối thứ sáu");
  });

  test("none for the web's conversations, nor once the new conversation has a message", async () => {
    const web = pair("web");
    await summarisePrevious(deps, web.next);
    expect(rows(web.prev)).toEqual([]);
    const started = pair("api:x");
    appendMessage(t.store, { conversationId: started.next.id, role: "user", content: "đã bắt đầu" });
    await summarisePrevious(deps, started.next);
    expect(rows(started.prev)).toEqual([]);
    expect(getConversation(t.store, started.prev)!.summary).toBeNull();
  });
});
