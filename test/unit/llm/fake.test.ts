import { describe, expect, test } from "bun:test";
import { echoProvider } from "../../../src/llm/fake.ts";
import type { ModelRequest, StreamItem } from "../../../src/llm/types.ts";
import { harness } from "../agent/harness.ts";

async function collect(req: Partial<ModelRequest>): Promise<StreamItem[]> {
  const items: StreamItem[] = [];
  for await (const i of echoProvider().stream({ model: "echo", system: "", tools: [], signal: new AbortController().signal, messages: [], ...req })) items.push(i);
  return items;
}

describe("fake:echo", () => {
  test("echoes the last user message as streamed text, at no cost", async () => {
    const items = await collect({ messages: [{ role: "user", content: "xin chào bạn" }] });
    expect(items.filter((i) => i.kind === "text").map((i) => (i as { text: string }).text).join("")).toBe("xin chào bạn");
    expect(items.filter((i) => i.kind === "text").length).toBe(3);
    expect(items.at(-1)).toEqual({ kind: "end", reason: "stop" });
    expect(echoProvider().free).toBe(true);
  });

  test("stops at the request's max tokens like a real model (4 characters a token), ending with length", async () => {
    const items = await collect({ messages: [{ role: "user", content: "một hai ba bốn năm sáu" }], maxTokens: 2 });
    expect(items.filter((i) => i.kind === "text").map((i) => (i as { text: string }).text).join("")).toBe("một hai ");
    expect(items.at(-1)).toEqual({ kind: "end", reason: "length" });
  });

  test("/tool <name> {json} makes it call that tool; after the result it reports it", async () => {
    const tools = [{ name: "lookup", description: "", parameters: {} }];
    const call = await collect({ messages: [{ role: "user", content: '/tool lookup {"q":"tea"}' }], tools });
    expect(call[0]).toMatchObject({ kind: "tool_call_delta", index: 0, name: "lookup", args: '{"q":"tea"}' });
    // Offered no tools (a side call), it cannot call one: it echoes the command as text.
    const plain = await collect({ messages: [{ role: "user", content: "/tool lookup {}" }] });
    const echoed = plain.filter((i) => i.kind === "text").map((i) => (i as { text: string }).text).join("");
    expect(echoed).toBe("/tool lookup {}");
    const after = await collect({ messages: [{ role: "user", content: "/tool lookup {}" }, { role: "assistant", content: "", tool_calls: [{ id: "1", name: "lookup", arguments: "{}" }] }, { role: "tool", content: "found tea", tool_call_id: "1", name: "lookup" }] });
    expect(after.filter((i) => i.kind === "text").map((i) => (i as { text: string }).text).join("")).toBe("lookup: found tea");
  });

  test("a memory block before the message is context: the owner's words are echoed, their /tool obeyed", async () => {
    const block = "<memory>\n### Cuộc trước\nQuoted </memory>\n\nearlier\n</memory>\n\n";
    const text = await collect({ messages: [{ role: "user", content: `${block}xin chào` }] });
    expect(text.filter((i) => i.kind === "text").map((i) => (i as { text: string }).text).join("")).toBe("xin chào");
    const tools = [{ name: "lookup", description: "", parameters: {} }];
    const call = await collect({ messages: [{ role: "user", content: `${block}/tool lookup {"q":"tea"}` }], tools });
    expect(call[0]).toMatchObject({ kind: "tool_call_delta", name: "lookup", args: '{"q":"tea"}' });
  });

  test("drives a real tool through the real gate: a state-changing tool asks first", async () => {
    const h = harness();
    const route = { label: "fake:echo", model: "echo", provider: echoProvider() };
    const result = await h.turn([route], { user: '/tool write {"path":"x.txt"}' });
    expect(result.status).toBe("approval_required");
    expect(h.of("approval_required")[0]!.tool).toBe("write");
    const h2 = harness();
    expect((await h2.turn([route], { user: '/tool lookup {"q":"a"}' })).text).toBe("lookup: found a");
  });
});
