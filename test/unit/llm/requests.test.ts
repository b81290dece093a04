// The exact request each client sends: URL, auth headers and the JSON body (messages, tools, system,
// stream options, Anthropic's prompt-caching markers), as recorded by the local server.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { ChatMessage, ToolSpec } from "../../../src/llm/types.ts";
import { startWireServer, type WireServer } from "../../helpers/wire-server.ts";
import { an, anthropic, collect, KEY, oa, openai, request } from "./wire.ts";

let wire: WireServer;
beforeEach(() => (wire = startWireServer()));
afterEach(() => wire.stop());

const tools: ToolSpec[] = [
  { name: "file_read", description: "Read a file.", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
  { name: "web_search", description: "Search the web.", parameters: { type: "object", properties: { q: { type: "string" } } } },
];

const messages: ChatMessage[] = [
  { role: "user", content: "Read a and search b" },
  {
    role: "assistant",
    content: "On it.",
    tool_calls: [
      { id: "call_1", name: "file_read", arguments: '{"path":"a"}' },
      { id: "call_2", name: "web_search", arguments: '{"q":"b"}' },
    ],
  },
  { role: "tool", tool_call_id: "call_1", name: "file_read", content: "A's text" },
  { role: "tool", tool_call_id: "call_2", name: "web_search", content: "B results" },
  { role: "assistant", content: "Both done." },
  { role: "user", content: "Thanks" },
];

describe("openai request", () => {
  test("posts to {base}/chat/completions with a Bearer key and the mapped body", async () => {
    wire.reply({ chunks: oa.answer("ok") });
    await collect(openai(`${wire.url}/v1/`).stream(request({ model: "gpt-4.1-mini", system: "You are terse.", messages, tools, maxTokens: 256 })));
    const [req] = wire.requests;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/v1/chat/completions");
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.body).toEqual({
      model: "gpt-4.1-mini",
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 256,
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "Read a and search b" },
        {
          role: "assistant",
          content: "On it.",
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "file_read", arguments: '{"path":"a"}' } },
            { id: "call_2", type: "function", function: { name: "web_search", arguments: '{"q":"b"}' } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "A's text" },
        { role: "tool", tool_call_id: "call_2", content: "B results" },
        { role: "assistant", content: "Both done." },
        { role: "user", content: "Thanks" },
      ],
      tools: tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } })),
    });
  });

  test("no tools and no system prompt: neither key is sent", async () => {
    wire.reply({ chunks: oa.answer("ok") });
    await collect(openai(wire.url).stream(request()));
    const body = wire.requests[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["messages", "model", "stream", "stream_options"]);
    expect(body.messages).toEqual([{ role: "user", content: "hi" }]);
  });
});

describe("anthropic request", () => {
  test("posts to {base}/v1/messages with x-api-key, the version header and the mapped body", async () => {
    wire.reply({ chunks: an.answer("ok") });
    await collect(anthropic(wire.url).stream(request({ model: "claude-sonnet-4-5", system: "You are terse.", messages, tools })));
    const [req] = wire.requests;
    expect(req!.path).toBe("/v1/messages");
    expect(req!.headers["x-api-key"]).toBe(KEY);
    expect(req!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(req!.headers.authorization).toBeUndefined();
    expect(req!.body).toEqual({
      model: "claude-sonnet-4-5",
      max_tokens: 8192,
      stream: true,
      system: [{ type: "text", text: "You are terse.", cache_control: { type: "ephemeral" } }],
      tools: [
        { name: "file_read", description: "Read a file.", input_schema: tools[0]!.parameters },
        { name: "web_search", description: "Search the web.", input_schema: tools[1]!.parameters, cache_control: { type: "ephemeral" } },
      ],
      messages: [
        { role: "user", content: "Read a and search b" },
        {
          role: "assistant",
          content: [
            { type: "text", text: "On it." },
            { type: "tool_use", id: "call_1", name: "file_read", input: { path: "a" } },
            { type: "tool_use", id: "call_2", name: "web_search", input: { q: "b" } },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "call_1", content: "A's text" },
            { type: "tool_result", tool_use_id: "call_2", content: "B results" },
          ],
        },
        { role: "assistant", content: [{ type: "text", text: "Both done." }] },
        { role: "user", content: "Thanks" },
      ],
    });
  });

  test("maxTokens overrides the default; a tool call without text has only tool_use blocks", async () => {
    wire.reply({ chunks: an.answer("ok") });
    const msgs: ChatMessage[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: "", tool_calls: [{ id: "t1", name: "file_read", arguments: "not json" }] },
      { role: "tool", tool_call_id: "t1", name: "file_read", content: "x" },
    ];
    await collect(anthropic(`${wire.url}/`).stream(request({ messages: msgs, maxTokens: 100 })));
    const body = wire.requests[0]!.body as Record<string, unknown>;
    expect(body.max_tokens).toBe(100);
    expect(body.system).toBeUndefined();
    expect(body.tools).toBeUndefined();
    expect(body.messages).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "file_read", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "x" }] },
    ]);
  });
});
