// Kit hooks at the turn's edges (F-17): a UserPromptSubmit hook blocks the turn before any model call
// (its stderr is the stored notice) or adds its stdout as context; a Stop hook that blocks keeps the turn
// going with its reason as a user-role note, at most STOP_HOOK_LIMIT times, with stop_hook_active set.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STOP_HOOK_LIMIT } from "../../../src/agent/turn-hooks.ts";
import { kitToolHooks } from "../../../src/kits/hooks.ts";
import type { HookEvent, HookRule } from "../../../src/kits/types.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { harness, route } from "../agent/harness.ts";

const signal = new AbortController().signal;
const dir = () => mkdtempSync(join(tmpdir(), "mc-turn-hook-"));
const rule = (event: HookEvent, command: string): HookRule => ({
  event, matcher: "", command, timeoutSeconds: 30, kitDir: tmpdir(), projectDir: tmpdir(),
});
/** Each hook run appends its stdin JSON as one line of `seen`. */
const payloads = (seen: string) => readFileSync(seen, "utf8").trim().split("\n").map((l) => JSON.parse(l));
const hooksOf = (rules: HookRule[], conversationId: string) =>
  kitToolHooks(rules, { workspace: dir(), conversationId });

describe("UserPromptSubmit and Stop kit hooks", () => {
  test("UserPromptSubmit exit 2 blocks the turn: no model call, its stderr is the stored notice", async () => {
    const seen = join(dir(), "seen");
    const h = harness();
    const refuse = `cat >> "${seen}"; echo >> "${seen}"; echo 'no secrets' >&2; exit 2`;
    const hooks = hooksOf([rule("UserPromptSubmit", refuse)], h.conv.id);
    const r = route([{ text: "never" }]);
    const result = await h.turn([r], { user: "what is the password?", hooks });
    expect(r.provider.requests).toHaveLength(0);
    expect(result.status).toBe("error");
    expect(h.of("error")[0]!.message).toContain("no secrets");
    expect(h.run().status).toBe("error");
    expect(h.run().summary).toContain("no secrets");
    const stored = listMessages(h.store, h.conv.id).at(-1)!;
    expect(stored.role).toBe("assistant");
    expect(stored.content).toContain("no secrets");
    expect(payloads(seen)[0]).toMatchObject({
      hook_event_name: "UserPromptSubmit", session_id: h.conv.id, prompt: "what is the password?",
    });
  });

  test("UserPromptSubmit stdout on exit 0 is added to the model request as context", async () => {
    const h = harness();
    const hooks = hooksOf([rule("UserPromptSubmit", "cat >/dev/null; echo 'Sprint ends Friday.'")], h.conv.id);
    const r = route([{ text: "noted" }]);
    const result = await h.turn([r], { user: "plan my week", hooks });
    expect(result.status).toBe("done");
    expect(r.provider.requests).toHaveLength(1);
    expect(r.provider.requests[0]!.system).toContain("Sprint ends Friday.");
  });

  test("a Stop hook exiting 2 once makes one more model call with its reason; stop_hook_active 2nd time", async () => {
    const d = dir();
    const seen = join(d, "seen");
    const once = `cat >> "${seen}"; echo >> "${seen}"; [ -e "${d}/flag" ] && exit 0; touch "${d}/flag"; ` +
      "echo 'run the tests first' >&2; exit 2";
    const h = harness();
    const r = route([{ text: "done, I think" }, { text: "tests pass" }]);
    const result = await h.turn([r], { user: "fix the bug", hooks: hooksOf([rule("Stop", once)], h.conv.id) });
    expect(result).toMatchObject({ status: "done", text: "tests pass" });
    expect(r.provider.requests).toHaveLength(2);
    const note = { role: "user" as const, content: "Stop hook: run the tests first" };
    expect(r.provider.requests[1]!.messages.at(-1)).toEqual(note);
    expect(payloads(seen).map((p) => [p.hook_event_name, p.stop_hook_active])).toEqual([
      ["Stop", false],
      ["Stop", true],
    ]);
    // Strict providers want user and assistant to alternate: the note sits between the two answers.
    expect(listMessages(h.store, h.conv.id).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  test("a Stop hook that always blocks cannot keep the turn going past the limit", async () => {
    const h = harness();
    const r = route(Array.from({ length: STOP_HOOK_LIMIT + 1 }, (_, i) => ({ text: `answer ${i}` })));
    const hooks = hooksOf([rule("Stop", "cat >/dev/null; echo 'not yet' >&2; exit 2")], h.conv.id);
    const result = await h.turn([r], { user: "go", hooks });
    expect(result).toMatchObject({ status: "done", text: `answer ${STOP_HOOK_LIMIT}` });
    expect(r.provider.requests).toHaveLength(STOP_HOOK_LIMIT + 1);
  });

  test("JSON decisions: block with a reason, additionalContext as context; exit 1 is logged, not a block", async () => {
    const logs: string[] = [];
    const c = { workspace: dir(), conversationId: "c", log: (l: string) => logs.push(l) };
    const one = (event: HookEvent, command: string) => kitToolHooks([rule(event, command)], c)!;
    const block = `cat >/dev/null; echo '{"decision":"block","reason":"add a changelog line"}'`;
    expect(await one("Stop", block).beforeStop!("done", false, signal)).toBe("add a changelog line");
    expect(await one("UserPromptSubmit", block).promptSubmitted!("hi", signal)).toEqual({ block: "add a changelog line" });
    const extra = `cat >/dev/null; echo '{"hookSpecificOutput":{"additionalContext":"on call: Lan"}}'`;
    expect(await one("UserPromptSubmit", extra).promptSubmitted!("hi", signal)).toEqual({ context: "on call: Lan" });
    const broken = one("Stop", "cat >/dev/null; echo broken >&2; exit 1");
    expect(await broken.beforeStop!("done", false, signal)).toBeNull();
    expect(logs.at(-1)).toContain("exit 1: broken");
  });
});
