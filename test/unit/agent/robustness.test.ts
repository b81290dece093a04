// Bad input is routine: garbage from a provider, a provider that throws, a conversation deleted
// mid-turn. The turn ends with a readable error, nothing escapes, the conversation stays usable.
import { describe, expect, test } from "bun:test";
import { deleteConversation } from "../../../src/store/conversations.ts";
import { T } from "../../../src/texts/vi.ts";
import { harness, route } from "./harness.ts";

describe("robustness", () => {
  test("a provider that throws becomes a non-transient failure, not an exception", async () => {
    const h = harness();
    const r = route([]);
    r.provider.stream = async function* () {
      throw new Error("kaboom");
    };
    const result = await h.turn([r], { user: "x" });
    expect(result.status).toBe("error");
    expect(h.of("fallback")[0]!.error).toBe("kaboom");
    expect(h.run().status).toBe("error");
    expect((await h.turn([route([{ text: "fine again" }])], { user: "again" })).status).toBe("done");
  });

  test("tool calls with garbage names or arguments are answered, the turn completes", async () => {
    const h = harness();
    const r = route([{ items: [{ kind: "tool_call_delta", index: 0, args: "{}" }, { kind: "end", reason: "tool_calls" }] }, { text: "recovered" }]);
    const result = await h.turn([r], { user: "x" });
    expect(result.status).toBe("done");
    expect(h.of("tool_result")[0]!.output).toContain("Unknown tool");
  });

  test("a conversation deleted mid-turn ends the turn as an error event instead of a crash", async () => {
    const h = harness();
    const r = route([{ toolCalls: [{ name: "lookup", args: { q: "a" } }] }, { text: "never" }]);
    const original = r.provider.stream.bind(r.provider);
    let n = 0;
    r.provider.stream = (req) => {
      if (n++ === 0) queueMicrotask(() => deleteConversation(h.store, h.conv.id));
      return original(req);
    };
    const logs: string[] = [];
    const result = await h.turn([r], { user: "x", log: (l) => logs.push(l) });
    expect(result.status).toBe("error");
    expect(h.of("error").at(-1)!.message).toBe(T.turnFailed);
    expect(logs.join("\n")).toContain("failed");
  });
});
