// An in-process provider with a hard context window, strict like the real APIs (issue 20): a request larger
// than its window — counted its own way, UTF-8 bytes / 3.5 over system, tools and messages — or with a tool
// call left without its result fails as their 400 does. It reports usage as it counted it.
// Answers: a compaction request (the summariser's system prompt) gets a summary listing the FACT-n words of its
// data, cut to its max tokens; a user message `/tool <name> <json>` becomes that call; anything else is echoed.
import type { ChatMessage, ModelRequest, Provider, StreamItem } from "../../src/llm/types.ts";
import { invalidHistory } from "./strict-provider.ts";

export type WindowProvider = Provider & {
  window: number;
  /** Every request, in order (signal dropped). */
  requests: ModelRequest[];
  /** Why each refused request was refused. */
  refusals: string[];
};

const TOOL = /^\/tool\s+([A-Za-z0-9_.-]+)\s*([\s\S]*)$/;
const BLOCKS = /^(?:<memory>\n[\s\S]*?\n<\/memory>\n\n|<earlier-turns[\s\S]*?<\/earlier-turns>\n\n)*/;

export const countTokens = (text: string) => Math.ceil(Buffer.byteLength(text) / 3.5);

export function windowProvider(window: number): WindowProvider {
  const requests: ModelRequest[] = [];
  const refusals: string[] = [];
  return {
    name: "window",
    window,
    requests,
    refusals,
    async *stream(req: ModelRequest): AsyncGenerator<StreamItem> {
      requests.push({ ...req, messages: [...req.messages], signal: undefined as unknown as AbortSignal });
      const input = countTokens(req.system) + countTokens(JSON.stringify(req.tools)) +
        req.messages.reduce((n, m) => n + 4 + countTokens(JSON.stringify(m)), 0);
      const wrong = input > window
        ? `This model's maximum context length is ${window} tokens. However, your messages resulted in ${input} tokens.`
        : invalidHistory(req.messages.map(wire));
      if (wrong) {
        refusals.push(wrong);
        yield { kind: "error", error: { kind: "http", status: 400, message: wrong, transient: false } };
        return;
      }
      const reply = answer(req);
      if ("tool" in reply) {
        const id = `call_${crypto.randomUUID().slice(0, 8)}`;
        yield { kind: "tool_call_delta", index: 0, id, name: reply.tool.name, args: reply.tool.args };
      } else {
        yield { kind: "text", text: reply.text };
      }
      const out = countTokens("tool" in reply ? reply.tool.args : reply.text);
      yield { kind: "usage", usage: { inputTokens: input, outputTokens: out, cachedTokens: 0, reasoningTokens: 0 } };
      yield { kind: "end", reason: "tool" in reply ? "tool_calls" : "stop" };
    },
  };
}

function answer(req: ModelRequest): { text: string } | { tool: { name: string; args: string } } {
  const last = req.messages[req.messages.length - 1];
  if (req.system.startsWith("You compress")) {
    const facts = [...new Set((last?.content ?? "").match(/FACT-\d+/g) ?? [])];
    const text = `- facts: ${facts.join(", ") || "none"}`;
    return { text: text.slice(0, Math.floor((req.maxTokens ?? 1e9) * 3.5)) };
  }
  if (last?.role === "tool") return { text: `Done: ${last.content.split("\n")[0]}` };
  const words = (last?.content ?? "").replace(BLOCKS, "");
  const m = TOOL.exec(words.trim());
  if (m && last?.role === "user" && req.tools.length > 0) return { tool: { name: m[1]!, args: m[2]!.trim() || "{}" } };
  return { text: `echo: ${words}` };
}

function wire(m: ChatMessage) {
  if (m.role === "assistant") {
    const calls = m.tool_calls?.map((c) => ({ id: c.id, function: { name: c.name, arguments: c.arguments } }));
    return { role: m.role, content: m.content, tool_calls: calls };
  }
  return m.role === "tool" ? { role: m.role, content: m.content, tool_call_id: m.tool_call_id } : m;
}
