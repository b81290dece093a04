// The OpenAI-compatible client against a local server speaking the chat-completions SSE format: what
// each kind of chunk becomes on our stream.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { pieces, startWireServer, sse, type WireServer } from "../../helpers/wire-server.ts";
import { collect, last, oa, openai, request, texts } from "./wire.ts";

let wire: WireServer;
beforeEach(() => (wire = startWireServer()));
afterEach(() => wire.stop());

describe("openai stream", () => {
  test("text deltas stream in order and the answer ends with usage then end", async () => {
    wire.reply({ chunks: oa.answer("Hel", "lo", " there") });
    const items = await collect(openai(wire.url).stream(request()));
    expect(items.filter((i) => i.kind === "text").map((i) => (i.kind === "text" ? i.text : ""))).toEqual(["Hel", "lo", " there"]);
    expect(items.slice(-2)).toEqual([
      { kind: "usage", usage: { inputTokens: 5, outputTokens: 3, cachedTokens: null, reasoningTokens: null } },
      { kind: "end", reason: "stop" },
    ]);
  });

  test("events split across network chunks (even mid-JSON) parse the same", async () => {
    wire.reply({ chunks: pieces(oa.answer("alpha", "beta").join(""), 7), delayMs: 1 });
    const items = await collect(openai(wire.url).stream(request()));
    expect(texts(items)).toBe("alphabeta");
    expect(last(items)).toEqual({ kind: "end", reason: "stop" });
  });

  test("parallel tool calls split into many fragments keep their index; id and name come once", async () => {
    const args0 = '{"path":"notes/a b.md","text":"say \\"hi\\""}';
    const args1 = '{"query":"weather"}';
    const frags0 = pieces(args0, 5);
    const chunks = [
      oa.delta({ role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "file_write", arguments: "" } }] }),
      ...frags0.slice(0, 3).map((a) => oa.delta({ tool_calls: [{ index: 0, function: { arguments: a } }] })),
      oa.delta({ tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "web_search", arguments: args1.slice(0, 4) } }] }),
      ...frags0.slice(3).map((a) => oa.delta({ tool_calls: [{ index: 0, function: { arguments: a } }] })),
      oa.delta({ tool_calls: [{ index: 1, function: { arguments: args1.slice(4) } }] }),
      oa.finish("tool_calls"),
      oa.done,
    ];
    wire.reply({ chunks: pieces(chunks.join(""), 11), delayMs: 1 });
    const items = await collect(openai(wire.url).stream(request()));
    const deltas = items.filter((i) => i.kind === "tool_call_delta");
    const joined = (n: number) => deltas.map((d) => (d.kind === "tool_call_delta" && d.index === n ? d.args : "")).join("");
    expect(joined(0)).toBe(args0);
    expect(joined(1)).toBe(args1);
    expect(deltas.filter((d) => d.kind === "tool_call_delta" && d.id !== undefined)).toEqual([
      { kind: "tool_call_delta", index: 0, id: "call_a", name: "file_write", args: "" },
      { kind: "tool_call_delta", index: 1, id: "call_b", name: "web_search", args: args1.slice(0, 4) },
    ]);
    expect(last(items)).toEqual({ kind: "end", reason: "tool_calls" });
  });

  test("usage carries cached and reasoning tokens and the provider-reported cost", async () => {
    const usage = {
      prompt_tokens: 1200,
      completion_tokens: 300,
      prompt_tokens_details: { cached_tokens: 1024 },
      completion_tokens_details: { reasoning_tokens: 120 },
      cost: 0.00042,
    };
    wire.reply({ chunks: [oa.text("ok"), oa.finish(), oa.usage(usage), oa.done] });
    const items = await collect(openai(wire.url, "openrouter").stream(request()));
    expect(items.find((i) => i.kind === "usage")).toEqual({
      kind: "usage",
      usage: { inputTokens: 1200, outputTokens: 300, cachedTokens: 1024, reasoningTokens: 120, costUsd: 0.00042 },
    });
  });

  test("reasoning and reasoning_content deltas become thinking, never text", async () => {
    wire.reply({
      chunks: [oa.delta({ reasoning: "Let me " }), oa.delta({ reasoning_content: "think." }), oa.text("Answer"), oa.finish(), oa.done],
    });
    const items = await collect(openai(wire.url).stream(request()));
    expect(texts(items, "thinking")).toBe("Let me think.");
    expect(texts(items)).toBe("Answer");
    expect(items.map((i) => i.kind)).toEqual(["thinking", "thinking", "text", "end"]);
  });

  test("an error chunk with a transient code ends the stream as a transient chunk error", async () => {
    wire.reply({ chunks: [oa.text("par"), sse({ error: { code: 502, message: "upstream timed out" } }), oa.text("never")] });
    const items = await collect(openai(wire.url).stream(request()));
    expect(items.map((i) => i.kind)).toEqual(["text", "error"]);
    expect(last(items)).toMatchObject({ kind: "error", error: { kind: "chunk", code: "502", transient: true } });
    expect(last(items).kind === "error" && last(items)).toMatchObject({ error: { message: expect.stringContaining("upstream timed out") } });
  });

  test("provider_unavailable is transient; an error chunk without a code is not", async () => {
    wire.reply(
      { chunks: [sse({ error: { code: "provider_unavailable", message: "no capacity" } })] },
      { chunks: [sse({ error: { message: "content rejected" } })] },
    );
    const first = last(await collect(openai(wire.url).stream(request())));
    const second = last(await collect(openai(wire.url).stream(request())));
    expect(first).toMatchObject({ kind: "error", error: { kind: "chunk", code: "provider_unavailable", transient: true } });
    expect(second).toMatchObject({ kind: "error", error: { kind: "chunk", transient: false } });
    expect(second.kind === "error" && second.error.code).toBeUndefined();
  });

  test("a malformed chunk is a stream error, not transient", async () => {
    wire.reply({ chunks: [oa.text("a"), "data: {not json\n\n", oa.finish(), oa.done] });
    const items = await collect(openai(wire.url).stream(request()));
    expect(last(items)).toMatchObject({ kind: "error", error: { kind: "stream", transient: false } });
  });

  test("a body that ends cleanly without finish_reason is a broken stream (not transient)", async () => {
    wire.reply({ chunks: [oa.text("half an ans")] });
    const items = await collect(openai(wire.url).stream(request()));
    expect(items[0]).toEqual({ kind: "text", text: "half an ans" });
    expect(last(items)).toMatchObject({ kind: "error", error: { kind: "stream", transient: false } });
  });

  test("a finished answer without [DONE] still ends normally", async () => {
    wire.reply({ chunks: [oa.text("x"), oa.finish("length")] });
    expect(last(await collect(openai(wire.url).stream(request())))).toEqual({ kind: "end", reason: "length" });
  });
});
