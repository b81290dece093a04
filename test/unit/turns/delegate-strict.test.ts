// A delegation over the real OpenAI client against the strict provider (which refuses, like the real API,
// a tool call without its result): the relayed answer leaves a history the next turn can send as it is.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { createConversation } from "../../../src/store/conversations.ts";
import { openStore } from "../../../src/store/db.ts";
import { buildRuntime } from "../../../src/turns/runtime.ts";
import { send } from "../../../src/turns/send.ts";
import { startStrictProvider } from "../../helpers/strict-provider.ts";

const strict = startStrictProvider({ pieceMs: 1 });
afterAll(() => strict.stop());

describe("delegation against a strict provider", () => {
  test("relay, then a follow-up turn: no request is refused and the relay spent no model call", async () => {
    const env = {
      MY_AGENT_ROUTES: "openai:strict-model", OPENAI_BASE_URL: strict.url, OPENAI_API_KEY: "sk-test-not-real-1234",
      MY_AGENT_TIMEZONE: "UTC",
    };
    const store = openStore(":memory:");
    const profiles = new Map([["default", agentSchema.parse({})], ["coder", agentSchema.parse({})]]);
    const paths = homePaths(mkdtempSync(join(tmpdir(), "mc-strict-")));
    const settings = resolveSettings(configSchema.parse({}), env);
    const rt = buildRuntime({ settings, profiles, paths, env, store, log: () => {} });
    const conv = createConversation(store, { agentId: "default", costCapUsd: 0, title: "strict" });
    const turn = async (text: string) => {
      const out = send(rt.host, store, { conversationId: conv.id, text, source: "chat" });
      if (out.kind !== "started") throw new Error(out.kind);
      return out.turn.done;
    };

    const first = await turn('/tool delegate {"agent":"coder","task":"hello from the master"}');
    expect(first.status).toBe("done");
    expect(first.text.startsWith("hello from the master")).toBe(true);
    expect(strict.requests).toHaveLength(2);
    const second = await turn("thanks");
    expect(second).toMatchObject({ status: "done", text: "thanks" });
    expect(strict.refusals).toEqual([]);
    expect(strict.requests).toHaveLength(3);
    const roles = strict.requests[2]!.map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);
  });
});
