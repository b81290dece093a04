// The provider-history invariant (C-26, K-10): every shape a cut can leave, checked and made valid, and
// both clients sending the valid form.
import { describe, expect, test } from "bun:test";
import { anthropicBody } from "../../../src/llm/anthropic.ts";
import { historyProblems, NO_RESULT, unansweredCalls, validHistory } from "../../../src/llm/history.ts";
import { openAIBody } from "../../../src/llm/openai.ts";
import type { ChatMessage } from "../../../src/llm/types.ts";
import { request } from "./wire.ts";

const user = (content: string): ChatMessage => ({ role: "user", content });
const calls = (...ids: string[]): ChatMessage => {
  return { role: "assistant", content: "", tool_calls: ids.map((id) => ({ id, name: "shell_run", arguments: "{}" })) };
};
const result = (id: string, content = `out ${id}`): ChatMessage => {
  return { role: "tool", tool_call_id: id, name: "shell_run", content };
};
const answer = (content: string): ChatMessage => ({ role: "assistant", content });

/** A history as a short picture: `assistant(A,B)`, `tool(A)`, `tool(B,cut)` for a NO_RESULT, `user`. */
function shape(ms: readonly ChatMessage[]): string[] {
  return ms.map((m) => {
    if (m.role === "tool") return `tool(${m.tool_call_id}${m.content === NO_RESULT ? ",cut" : ""})`;
    if (m.role === "assistant" && m.tool_calls) return `assistant(${m.tool_calls.map((c) => c.id).join(",")})`;
    return m.role;
  });
}

describe("history invariant", () => {
  test("a complete history is valid and passes through untouched (same array)", () => {
    const h = [user("a"), calls("A", "B"), result("B"), result("A"), answer("done"), user("b")];
    expect(historyProblems(h)).toEqual([]);
    expect(validHistory(h)).toBe(h);
  });

  test("two calls with one answered: the other gets a cut result right after the answered one", () => {
    const h = [user("a"), calls("A", "B"), result("A"), user("next")];
    expect(historyProblems(h)).toEqual([{ index: 1, problem: "unanswered_call", id: "B" }]);
    const v = validHistory(h);
    expect(shape(v)).toEqual(["user", "assistant(A,B)", "tool(A)", "tool(B,cut)", "user"]);
    expect(historyProblems(v)).toEqual([]);
    expect(unansweredCalls(h).map((u) => u.call.id)).toEqual(["B"]);
  });

  test("a call followed by a user message is closed before the user message", () => {
    const h = [user("a"), calls("A"), user("are you there?")];
    expect(historyProblems(h)[0]).toMatchObject({ problem: "unanswered_call", id: "A" });
    expect(shape(validHistory(h))).toEqual(["user", "assistant(A)", "tool(A,cut)", "user"]);
  });

  test("a history ending on an unanswered call is closed too", () => {
    expect(shape(validHistory([user("a"), calls("A")]))).toEqual(["user", "assistant(A)", "tool(A,cut)"]);
  });

  test("a continuation after a decision: the result recorded later moves up to its call", () => {
    // [assistant(A,B), tool(A)] paused on B; a user message slipped in; B's result was recorded after it.
    const h = [user("a"), calls("A", "B"), result("A"), user("later"), result("B", "approved and ran")];
    expect(historyProblems(h).map((p) => p.problem)).toEqual(["unanswered_call", "displaced_result"]);
    const v = validHistory(h);
    expect(shape(v)).toEqual(["user", "assistant(A,B)", "tool(A)", "tool(B)", "user"]);
    expect(v[3]).toMatchObject({ content: "approved and ran" });
  });

  test("a result answering no call is dropped, and so is a second result for the same call", () => {
    const h = [user("a"), result("ghost"), calls("A"), result("A"), result("A", "again"), answer("ok")];
    expect(historyProblems(h).map((p) => p.problem)).toEqual(["orphan_result", "duplicate_result"]);
    expect(shape(validHistory(h))).toEqual(["user", "assistant(A)", "tool(A)", "assistant"]);
  });

  test("ids reused across messages pair each result with its own call", () => {
    const h = [user("a"), calls("c0"), result("c0", "first"), answer("x"), user("b"), calls("c0"), user("c")];
    const v = validHistory(h);
    expect(shape(v)).toEqual(["user", "assistant(c0)", "tool(c0)", "assistant",
      "user", "assistant(c0)", "tool(c0,cut)", "user"]);
    expect(v[2]).toMatchObject({ content: "first" });
  });

  test("both clients send the valid form", () => {
    const messages = [user("a"), calls("A", "B"), result("A"), user("next")];
    const oa = openAIBody(request({ messages })).messages as { role: string; tool_call_id?: string }[];
    expect(oa.map((m) => m.role)).toEqual(["user", "assistant", "tool", "tool", "user"]);
    expect(oa[3]!.tool_call_id).toBe("B");
    const an = anthropicBody(request({ messages })).messages as { role: string; content: unknown }[];
    expect(an.map((m) => m.role)).toEqual(["user", "assistant", "user", "user"]);
    expect((an[2]!.content as { tool_use_id: string }[]).map((b) => b.tool_use_id)).toEqual(["A", "B"]);
  });
});
