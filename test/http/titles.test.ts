import { describe, expect, test } from "bun:test";
import { getConversation, touchConversation } from "../../src/store/conversations.ts";
import { all } from "../../src/store/db.ts";
import { appendMessage } from "../../src/store/messages.ts";
import { cleanTitle, titleConversation } from "../../src/turns/title.ts";
import { testApp } from "../helpers/app.ts";
import { collect } from "../helpers/sse.ts";
// The title call runs in the background after the turn: the tests poll the store for it.
import { until } from "../helpers/wait.ts";

type Row = { purpose: string; cost_usd: number | null; conversation_id: string; run_id: string | null };

describe("conversation titles (K-06)", async () => {
  const t = await testApp([], { MY_AGENT_ROUTES: "fake:paid" });
  const newConv = async (body: object = {}) => (await (await t.json("/api/conversations", "POST", body)).json()).id as string;
  const send = async (id: string, text: string) => collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }));
  const rows = (id: string) => all<Row>(t.store, "SELECT purpose, cost_usd, conversation_id, run_id FROM side_calls WHERE conversation_id = $id", { id });

  test("after the first answer a side call titles it: recorded with its cost, updated_at unchanged", async () => {
    const id = await newConv();
    await send(id, "Lên kế hoạch đi Đà Lạt cuối tuần");
    const before = getConversation(t.store, id)!;
    const titled = await until(() => getConversation(t.store, id)!, (c) => c.title !== "");
    // fake:echo/paid answers with the first message, so the title is that message.
    expect(titled.title).toBe("Lên kế hoạch đi Đà Lạt cuối tuần");
    expect(titled.updatedAt).toBe(before.updatedAt);
    expect(rows(id)).toEqual([{ purpose: "title", cost_usd: 0.01, conversation_id: id, run_id: expect.any(String) }]);
    // The turn's $0.01 and the title's $0.01 both count toward the conversation's spend (E-15).
    expect(titled.spentUsd).toBeCloseTo(0.02, 6);
    const list = await (await t.request("/api/conversations")).json();
    expect(list.conversations.find((c: { id: string }) => c.id === id).title).toBe(titled.title);
  });

  test("a second turn asks for no title; a person's title is never replaced", async () => {
    const id = await newConv();
    await send(id, "một");
    await until(() => getConversation(t.store, id)!.title, (title) => title !== "");
    await send(id, "hai");
    expect(rows(id).length).toBe(1);
    const named = await newConv({ title: "Tên của tôi" });
    await send(named, "ba");
    expect(getConversation(t.store, named)!.title).toBe("Tên của tôi");
    expect(rows(named)).toEqual([]);
  });

  test("a title that lands after a newer conversation changed does not move it up the list (K-05)", async () => {
    const older = await newConv();
    for (const role of ["user", "assistant"] as const) appendMessage(t.store, { conversationId: older, role, content: "Đà Lạt" });
    touchConversation(t.store, older, "2026-01-01T00:00:00.000Z");
    const newer = await newConv({ title: "Mới hơn" });
    touchConversation(t.store, newer, "2026-01-02T00:00:00.000Z");
    const order = async () => (await (await t.request("/api/conversations")).json()).conversations.map((c: { id: string }) => c.id);
    const before = await order();
    expect(before.indexOf(newer)).toBeLessThan(before.indexOf(older));
    const routes = t.runtime.crew().get("default")!.routes;
    const deps = { store: t.store, log: () => {}, changed: () => {} };
    await titleConversation(deps, routes, older, "run-title-order");
    expect(getConversation(t.store, older)!.title).toBe("Đà Lạt");
    expect(getConversation(t.store, older)!.updatedAt).toBe("2026-01-01T00:00:00.000Z");
    expect(await order()).toEqual(before);
  });

  test("a model's title is cleaned: one line, no quotes or full stop, cut at a word", () => {
    expect(cleanTitle('  "Kế hoạch du lịch."\nthêm dòng')).toBe("Kế hoạch du lịch");
    const long = cleanTitle("từ ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toEndWith("…");
  });
});

describe("a conversation that opens with a tool command", async () => {
  const t = await testApp();

  test("is titled with that command: the title call offers no tools, so fake:echo echoes it", async () => {
    const id = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    await t.json(`/api/conversations/${id}`, "PATCH", { autonomous: true });
    const text = '/tool file_list {"path":"."}';
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }));
    const titled = await until(() => getConversation(t.store, id)!, (c) => c.title !== "");
    expect(titled.title).toBe(text);
  });
});
