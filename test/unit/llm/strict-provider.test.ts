// The strict test provider refuses what the real APIs refuse (a tool call without its result) with a 400,
// and the real OpenAI client never sends that shape, even from a broken stored history (C-26, K-10).
import { afterAll, describe, expect, test } from "bun:test";
import type { ChatMessage } from "../../../src/llm/types.ts";
import { startStrictProvider } from "../../helpers/strict-provider.ts";
import { collect, openai, request, texts } from "./wire.ts";

const strict = startStrictProvider({ pieceMs: 1 });
afterAll(() => strict.stop());

const call = (id: string) => ({ id, name: "shell_run", arguments: "{}" });
const dangling: ChatMessage[] = [
  { role: "user", content: "go" },
  { role: "assistant", content: "", tool_calls: [call("A"), call("B")] },
  { role: "tool", tool_call_id: "A", name: "shell_run", content: "ok" },
  { role: "user", content: "and now?" },
];

/** A raw request, as a client that does not repair anything would send it. */
async function raw(messages: unknown[]) {
  const body = JSON.stringify({ model: "m", messages });
  const res = await fetch(`${strict.url}/chat/completions`, { method: "POST", body });
  return { status: res.status, body: (await res.json().catch(() => null)) as { error: { message: string } } | null };
}

describe("strict provider", () => {
  test("a raw request with an unanswered tool call gets the real API's 400", async () => {
    const fn = { name: "x", arguments: "{}" };
    const unanswered = await raw([
      { role: "user", content: "go" },
      { role: "assistant", content: "", tool_calls: [{ id: "A", type: "function", function: fn }] },
      { role: "user", content: "hello?" },
    ]);
    expect(unanswered.status).toBe(400);
    expect(unanswered.body!.error.message).toContain("did not have response messages: A");
    const orphan = await raw([{ role: "user", content: "go" }, { role: "tool", tool_call_id: "Z", content: "?" }]);
    expect(orphan.status).toBe(400);
  });

  test("the real client sends the same stored history valid, and the answer streams", async () => {
    const before = strict.refusals.length;
    const items = await collect(openai(strict.url).stream(request({ messages: dangling })));
    expect(items.at(-1)).toMatchObject({ kind: "end" });
    expect(texts(items)).toBe("and now?");
    expect(strict.refusals.length).toBe(before);
    expect(strict.requests.at(-1)!.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user"]);
  });

  test("a /tool message becomes a streamed tool call; its result becomes a text answer", async () => {
    const ask = [{ role: "user" as const, content: '/tool shell_run {"command":"true"}' }];
    const made = await collect(openai(strict.url).stream(request({ messages: ask })));
    const delta = made.find((i) => i.kind === "tool_call_delta");
    expect(delta).toMatchObject({ name: "shell_run", args: '{"command":"true"}' });
    const result = { role: "tool" as const, tool_call_id: "B", name: "shell_run", content: "exit code: 0" };
    const answer = await collect(openai(strict.url).stream(request({ messages: [...dangling.slice(0, 3), result] })));
    expect(texts(answer)).toBe("Done: exit code: 0");
  });
});
