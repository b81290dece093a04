// Child wrap-up (A-27, F-13): from its 25th model call a delegated child is told to conclude and can call
// no tool (tool_choice none on the wire); a top-level turn never is. The turn host gives it to children only.
import { describe, expect, test } from "bun:test";
import { anthropicBody } from "../../../src/llm/anthropic.ts";
import { openAIBody } from "../../../src/llm/openai.ts";
import type { ScriptedReply } from "../../../src/llm/fake.ts";
import type { ModelRequest } from "../../../src/llm/types.ts";
import { WRAP_UP_FROM } from "../../../src/agent/wrap-up.ts";
import { harness, ran, route } from "./harness.ts";

/** 24 different lookups, then a 25th call that still asks for one, then an answer. */
function plan(): ScriptedReply[] {
  const calls = Array.from({ length: 25 }, (_, i) => ({ toolCalls: [{ name: "lookup", args: { q: `q${i}` } }] }));
  return [...calls, { text: "Here is what I found." }];
}

describe("child wrap-up", () => {
  test("from the 25th call: a reminder ends the system prompt, tool_choice is none, no tool runs", async () => {
    expect(WRAP_UP_FROM).toBe(25);
    const h = harness();
    const r = route(plan());
    const limits = { maxSteps: 30, toolOutputChars: 1000 };
    const result = await h.turn([r], { user: "dig", wrapUpFrom: WRAP_UP_FROM, limits });
    expect(result).toMatchObject({ status: "done", text: "Here is what I found." });
    const reqs = r.provider.requests;
    expect(reqs).toHaveLength(26);
    expect(reqs[23]!.toolChoice).toBeUndefined();
    expect(reqs[23]!.system).toBe("You are a test.");
    for (const req of reqs.slice(24)) {
      expect(req.toolChoice).toBe("none");
      expect(req.system.startsWith("You are a test.\n\n")).toBe(true);
      expect(req.system).toContain("Tools are no longer available: conclude now.");
    }
    expect(ran).toHaveLength(24);
    const last = h.of("tool_result").at(-1)!;
    expect(last).toMatchObject({ name: "lookup", status: "error" });
    expect(last.output).toContain("Available tools: none");
  });

  test("a top-level turn is never told to wrap up", async () => {
    const h = harness();
    const r = route(plan());
    await h.turn([r], { user: "dig", limits: { maxSteps: 30, toolOutputChars: 1000 } });
    expect(r.provider.requests.every((q) => q.toolChoice === undefined && q.system === "You are a test.")).toBe(true);
    expect(ran).toHaveLength(25);
  });

  test("tool_choice none reaches both wire formats, with the tools still declared", () => {
    const tools = [{ name: "lookup", description: "d", parameters: { type: "object" } }];
    const signal = new AbortController().signal;
    const req: ModelRequest = { model: "m", system: "s", messages: [], tools, toolChoice: "none", signal };
    expect(openAIBody(req)).toMatchObject({ tool_choice: "none", tools: [{ function: { name: "lookup" } }] });
    expect(anthropicBody(req)).toMatchObject({ tool_choice: { type: "none" }, tools: [{ name: "lookup" }] });
    expect(openAIBody({ ...req, toolChoice: undefined }).tool_choice).toBeUndefined();
  });
});
