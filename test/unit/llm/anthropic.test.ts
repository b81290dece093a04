// The Anthropic client against a local server speaking the Messages SSE format: content blocks, tool
// use, thinking, usage in two halves, stop reasons and error events.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { pieces, startWireServer, type WireServer } from "../../helpers/wire-server.ts";
import { an, anthropic, collect, last, request, texts } from "./wire.ts";

let wire: WireServer;
beforeEach(() => (wire = startWireServer()));
afterEach(() => wire.stop());

describe("anthropic stream", () => {
  test("text deltas stream in order; one usage item, then end", async () => {
    wire.reply({ chunks: [an.start(), an.ping, ...an.answer("Hel", "lo").slice(1)] });
    const items = await collect(anthropic(wire.url).stream(request()));
    expect(items).toEqual([
      { kind: "text", text: "Hel" },
      { kind: "text", text: "lo" },
      { kind: "usage", usage: { inputTokens: 10, outputTokens: 7, cachedTokens: null, reasoningTokens: null } },
      { kind: "end", reason: "stop" },
    ]);
  });

  test("events split across network chunks parse the same", async () => {
    wire.reply({ chunks: pieces(an.answer("one ", "two").join(""), 9), delayMs: 1 });
    const items = await collect(anthropic(wire.url).stream(request()));
    expect(texts(items)).toBe("one two");
    expect(last(items)).toEqual({ kind: "end", reason: "stop" });
  });

  test("parallel tool_use blocks after text get tool indexes 0 and 1; JSON split mid-string", async () => {
    const args0 = '{"path":"a \\"quoted\\" name.md"}';
    const args1 = '{"q":"x"}';
    const chunks = [
      an.start(),
      an.block(0, { type: "text", text: "" }),
      an.delta(0, { type: "text_delta", text: "Running both." }),
      an.blockStop(0),
      an.block(1, { type: "tool_use", id: "toolu_1", name: "file_read", input: {} }),
      ...pieces(args0, 4).map((p) => an.delta(1, { type: "input_json_delta", partial_json: p })),
      an.blockStop(1),
      an.block(2, { type: "tool_use", id: "toolu_2", name: "web_search", input: {} }),
      ...pieces(args1, 3).map((p) => an.delta(2, { type: "input_json_delta", partial_json: p })),
      an.blockStop(2),
      an.messageDelta("tool_use"),
      an.stop,
    ];
    wire.reply({ chunks: pieces(chunks.join(""), 13), delayMs: 1 });
    const items = await collect(anthropic(wire.url).stream(request()));
    const deltas = items.filter((i) => i.kind === "tool_call_delta");
    const joined = (n: number) => deltas.map((d) => (d.kind === "tool_call_delta" && d.index === n ? d.args : "")).join("");
    expect(joined(0)).toBe(args0);
    expect(joined(1)).toBe(args1);
    expect(deltas.filter((d) => d.kind === "tool_call_delta" && d.id)).toEqual([
      { kind: "tool_call_delta", index: 0, id: "toolu_1", name: "file_read", args: "" },
      { kind: "tool_call_delta", index: 1, id: "toolu_2", name: "web_search", args: "" },
    ]);
    expect(texts(items)).toBe("Running both.");
    expect(last(items)).toEqual({ kind: "end", reason: "tool_calls" });
  });

  test("usage: cache reads count as cached and as input, cache writes as input; output from message_delta", async () => {
    const start = { input_tokens: 50, cache_read_input_tokens: 2000, cache_creation_input_tokens: 300, output_tokens: 1 };
    wire.reply({ chunks: [an.start(start), an.block(0, { type: "text", text: "" }), an.delta(0, { type: "text_delta", text: "k" }), an.messageDelta("max_tokens", { output_tokens: 812 }), an.stop] });
    const items = await collect(anthropic(wire.url).stream(request()));
    expect(items.filter((i) => i.kind === "usage")).toEqual([
      { kind: "usage", usage: { inputTokens: 2350, outputTokens: 812, cachedTokens: 2000, reasoningTokens: null } },
    ]);
    expect(last(items)).toEqual({ kind: "end", reason: "length" });
  });

  test("thinking blocks become thinking items, never text", async () => {
    wire.reply({
      chunks: [
        an.start(),
        an.block(0, { type: "thinking", thinking: "" }),
        an.delta(0, { type: "thinking_delta", thinking: "Weighing " }),
        an.delta(0, { type: "thinking_delta", thinking: "options." }),
        an.delta(0, { type: "signature_delta", signature: "EqQBCgIYAhIM" }),
        an.block(1, { type: "text", text: "" }),
        an.delta(1, { type: "text_delta", text: "Done" }),
        an.messageDelta("end_turn"),
        an.stop,
      ],
    });
    const items = await collect(anthropic(wire.url).stream(request()));
    expect(texts(items, "thinking")).toBe("Weighing options.");
    expect(texts(items)).toBe("Done");
    expect(items.map((i) => i.kind)).toEqual(["thinking", "thinking", "text", "usage", "end"]);
  });

  test("overloaded_error, rate_limit_error and api_error events are transient", async () => {
    for (const type of ["overloaded_error", "rate_limit_error", "api_error"]) {
      wire.reply({ chunks: [an.start(), an.error({ type, message: "Overloaded" })] });
      const end = last(await collect(anthropic(wire.url).stream(request())));
      expect(end).toMatchObject({ kind: "error", error: { kind: "chunk", code: type, transient: true } });
    }
  });

  test("an error event of another type, or with no type, is not transient", async () => {
    wire.reply(
      { chunks: [an.start(), an.error({ type: "invalid_request_error", message: "bad" })] },
      { chunks: [an.start(), an.error({ message: "something" })] },
    );
    const typed = last(await collect(anthropic(wire.url).stream(request())));
    const untyped = last(await collect(anthropic(wire.url).stream(request())));
    expect(typed).toMatchObject({ kind: "error", error: { kind: "chunk", code: "invalid_request_error", transient: false } });
    expect(untyped).toMatchObject({ kind: "error", error: { kind: "chunk", transient: false } });
    expect(untyped.kind === "error" && untyped.error.code).toBeUndefined();
  });

  test("text streamed before an error event is kept, then the error ends the stream", async () => {
    wire.reply({ chunks: [an.start(), an.block(0, { type: "text", text: "" }), an.delta(0, { type: "text_delta", text: "Par" }), an.error({ type: "overloaded_error", message: "Overloaded" }), an.stop] });
    const items = await collect(anthropic(wire.url).stream(request()));
    expect(items.map((i) => i.kind)).toEqual(["text", "error"]);
  });

  test("a body that ends before message_delta is a broken stream (not transient)", async () => {
    wire.reply({ chunks: [an.start(), an.block(0, { type: "text", text: "" }), an.delta(0, { type: "text_delta", text: "half" })] });
    const items = await collect(anthropic(wire.url).stream(request()));
    expect(last(items)).toMatchObject({ kind: "error", error: { kind: "stream", transient: false } });
  });
});
