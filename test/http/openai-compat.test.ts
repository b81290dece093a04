// The OpenAI-compatible door driven by the official `openai` client over a real socket (issue 18's
// Done when): answers whole and streamed, the models list, the conversation keys, an approval the
// owner gives through the approvals API while the request waits, auth refusals and bad bodies.
import { afterAll, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { createApp } from "../../src/server/app.ts";
import { listen } from "../../src/server/listen.ts";
import { sweepExpired } from "../../src/turns/expiry.ts";
import { TO } from "../../src/texts/vi-openai.ts";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { gate, until } from "../helpers/wait.ts";

const TOKEN = "openai-door-token-0123456789";
const t = await testApp();
const app = createApp({
  settings: { allowedHosts: [], timezone: "Asia/Ho_Chi_Minh" }, store: t.store, assets: t.assets,
  host: t.runtime.host, hub: t.runtime.hub, crew: t.runtime.crew, inboundToken: TOKEN, log: () => {},
});
const server = listen("127.0.0.1", 0);
server.setHandler(app.fetch);
afterAll(() => server.stop());

const base = `http://127.0.0.1:${server.port}/v1`;
const client = new OpenAI({ baseURL: base, apiKey: TOKEN, maxRetries: 0 });
const HEADER = "x-my-crew-conversation";
const conversation = (id: string) =>
  t.store.db.query("SELECT agent_id, channel, source FROM conversations WHERE id = ?").get(id);
const userTexts = (id: string) =>
  t.store.db.query("SELECT content FROM messages WHERE conversation_id = ? AND role = 'user' ORDER BY seq")
    .all(id).map((r) => (r as { content: string }).content);
/** Resolves with the id of the next approval any turn asks for. */
const nextApproval = () =>
  new Promise<string>((resolve) => {
    const off = t.runtime.hub.listen((s) => {
      if (s.type !== "event" || s.event.type !== "approval_required") return;
      off();
      resolve(s.event.approval_id);
    });
  });
/** One user message to the master, as the official client sends it. */
const say = (content: string, more: Record<string, unknown> = {}) =>
  client.chat.completions.create({ model: "my-crew", messages: [{ role: "user", content }], ...more });
const raw = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("POST /v1/chat/completions with the official client", () => {
  test("not streamed: the crew's answer, usage, the conversation header; system messages are not sent", async () => {
    const { data, response } = await client.chat.completions.create({
      model: "my-crew",
      messages: [
        { role: "system", content: "Bạn là cướp biển." },
        { role: "user", content: "câu cũ" },
        { role: "assistant", content: "trả lời cũ" },
        { role: "user", content: "xin chào" },
      ],
      temperature: 0.2,
    }).withResponse();
    expect(data.object).toBe("chat.completion");
    expect(data.model).toBe("my-crew");
    expect(data.choices).toHaveLength(1);
    expect(data.choices[0]!.message).toMatchObject({ role: "assistant", content: "xin chào" });
    expect(data.choices[0]!.finish_reason).toBe("stop");
    expect(data.usage!.total_tokens).toBe(data.usage!.prompt_tokens + data.usage!.completion_tokens);
    const id = response.headers.get(HEADER)!;
    expect(conversation(id)).toEqual({ agent_id: "default", channel: "openai", source: "openai" });
    expect(userTexts(id)).toEqual(["xin chào"]);
    const run = t.store.db.query("SELECT id, source FROM runs WHERE conversation_id = ?").get(id);
    expect(run).toEqual({ id: data.id.replace("chatcmpl-", ""), source: "openai" });
  });

  test("streamed: chunks of the answer, a final finish_reason, the usage chunk, then [DONE]", async () => {
    const stream = await client.chat.completions.create({
      model: "my-crew", messages: [{ role: "user", content: "một hai ba bốn" }],
      stream: true, stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((c) => c.object === "chat.completion.chunk" && c.id === chunks[0]!.id)).toBe(true);
    expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
    const pieces = chunks.flatMap((c) => c.choices.map((ch) => ch.delta.content ?? ""));
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe("một hai ba bốn");
    const finishes = chunks.flatMap((c) => c.choices.map((ch) => ch.finish_reason)).filter(Boolean);
    expect(finishes).toEqual(["stop"]);
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.at(-1)!.usage!.completion_tokens).toBeGreaterThan(0);
  });

  test("the conversation: `user` keeps its own day's conversation; the header continues a given one", async () => {
    const ask = (more: object, headers?: Record<string, string>) =>
      client.chat.completions.create({ model: "my-crew", messages: [{ role: "user", content: "chào" }], ...more },
        { headers }).withResponse();
    const lan = (await ask({ user: "lan" })).response.headers.get(HEADER)!;
    expect(conversation(lan)).toMatchObject({ channel: "openai:lan" });
    expect((await ask({ user: "lan" })).response.headers.get(HEADER)).toBe(lan);
    const plain = (await ask({})).response.headers.get(HEADER)!;
    expect(plain).not.toBe(lan);
    expect((await ask({}, { "X-My-Crew-Conversation": lan })).response.headers.get(HEADER)).toBe(lan);
    expect(userTexts(lan)).toEqual(["chào", "chào", "chào"]);
    const missing = await ask({}, { "X-My-Crew-Conversation": "nope" }).catch((e) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing.error).toMatchObject({ message: T.conversationNotFound, param: HEADER });
  });

  test("an approval answered in the UI while the request waits: the rest of the turn comes back", async () => {
    const asked = nextApproval();
    const text = '/tool file_write {"path":"door.txt","content":"1"}';
    const reply = say(text, { user: "ok" }).withResponse();
    const approvalId = await asked;
    const pending = t.store.db.query("SELECT conversation_id FROM approvals WHERE id = ?").get(approvalId) as
      { conversation_id: string };
    // The conversation waits for the decision: another message is refused, in OpenAI's shape.
    const busy = await raw({ model: "my-crew", messages: [{ role: "user", content: "còn đó?" }] },
      { [HEADER]: pending.conversation_id });
    expect(busy.status).toBe(409);
    expect((await busy.json()).error).toMatchObject({ message: T.waitingForDecision, type: "conflict_error" });
    expect((await t.json(`/api/approvals/${approvalId}`, "POST", { decision: "approve" })).status).toBe(200);
    const { data, response } = await reply;
    expect(response.headers.get(HEADER)).toBe(pending.conversation_id);
    expect(data.choices[0]!.message.content).toStartWith("file_write: ");
  });

  test("streamed, an approval keeps the stream open until the owner answers (here: denies)", async () => {
    const asked = nextApproval();
    const text = '/tool file_write {"path":"door2.txt","content":"2"}';
    const stream = await client.chat.completions.create({
      model: "my-crew", user: "deny", stream: true, messages: [{ role: "user", content: text }],
    });
    const decided = asked.then((id) => t.json(`/api/approvals/${id}`, "POST", { decision: "deny" }));
    let content = "";
    for await (const chunk of stream) content += chunk.choices[0]?.delta.content ?? "";
    expect((await decided).status).toBe(200);
    expect(content).toStartWith("file_write: ");
    expect(content).not.toContain(T.noticeApproval);
  });

  test("an approval nobody answers: at its deadline it expires and the turn's rest is the answer", async () => {
    const asked = nextApproval();
    const reply = say('/tool file_write {"path":"door3.txt","content":"3"}', { user: "late" });
    const approvalId = await asked;
    // The expiry sweep, as its 20 s tick would run it once the conversation's TTL (at most 12 h) has passed.
    expect(sweepExpired(t.store, t.runtime.host, new Date(Date.now() + 13 * 3_600_000))).toBe(1);
    expect((await reply).choices[0]!.message.content).toStartWith("file_write: ");
    const row = t.store.db.query("SELECT status FROM approvals WHERE id = ?").get(approvalId);
    expect(row).toEqual({ status: "expired" });
  });

  test("a client that hangs up mid-stream stops only its own wait: the turn runs on and is stored", async () => {
    const id = (await say("mở", { user: "hangup" }).withResponse()).response.headers.get(HEADER)!;
    await t.json(`/api/conversations/${id}`, "PATCH", { autonomous: true });
    const g = gate(t.runtime.crew().get("default")!.workspace);
    const content = `/tool shell_run ${JSON.stringify({ command: g.command })}`;
    const stream = await client.chat.completions.create({
      model: "my-crew", user: "hangup", stream: true, messages: [{ role: "user", content }],
    });
    expect(await g.started()).toBe(true);
    stream.controller.abort();
    g.open();
    await until(() => t.runtime.host.running(id), (r) => !r);
    const said = t.store.db.query("SELECT content FROM messages WHERE conversation_id = ? AND role = 'assistant'")
      .all(id).map((r) => (r as { content: string }).content);
    expect(said.at(-1)).toStartWith("shell_run: ");
  });

  test("a busy conversation queues the message: the queued notice is the answer", async () => {
    const id = (await say("mở", { user: "busy" }).withResponse()).response.headers.get(HEADER)!;
    await t.json(`/api/conversations/${id}`, "PATCH", { autonomous: true });
    const g = gate(t.runtime.crew().get("default")!.workspace);
    const slow = say(`/tool shell_run ${JSON.stringify({ command: g.command })}`, { user: "busy" });
    expect(await g.started()).toBe(true);
    const queued = await say("đang bận à", { user: "busy" });
    expect(queued.choices[0]!.message.content).toBe(T.inboundQueued);
    g.open();
    expect((await slow).choices[0]!.message.content).toStartWith("shell_run: ");
  });
});
