// Honest failure words (issue 10): each status class once, through the real OpenAI client and the loop,
// so the chat and the run say what the provider said, and only a key problem points to Kết nối.
import { afterAll, describe, expect, test } from "bun:test";
import { failureClass } from "../../../src/agent/failure-words.ts";
import type { Route } from "../../../src/llm/types.ts";
import { TD } from "../../../src/texts/vi-durable.ts";
import { startWireServer } from "../../helpers/wire-server.ts";
import { openai } from "../llm/wire.ts";
import { harness, route } from "./harness.ts";

const wire = startWireServer();
afterAll(() => wire.stop());
const openaiRoute = (): Route => ({ label: "openai:m-1", model: "m-1", provider: openai(`${wire.url}/v1`) });
const body = (message: string, type = "invalid_request_error") => {
  return [JSON.stringify({ error: { message, type, code: null } })];
};

/** One turn against a provider answering `status` (twice when transient: the chain retries); what it says. */
async function wordsFor(status: number, message: string, type?: string) {
  const reply = { status, chunks: body(message, type) };
  wire.reply(...(status === 429 || status >= 500 ? [reply, reply] : [reply]));
  const h = harness();
  const result = await h.turn([openaiRoute()], { user: "hi" });
  expect(result.status).toBe("error");
  const said = h.of("error")[0]!.message;
  expect(h.run().summary).toBe(said);
  return said;
}

const CONNECTIONS = "Kết nối";

describe("failure words, one per status class", () => {
  test("400: a refused request, in the provider's own words, not a key problem", async () => {
    const words = "An assistant message with 'tool_calls' must be followed by tool messages";
    const said = await wordsFor(400, words);
    expect(said).toBe(TD.providerRefused("OpenAI", `HTTP 400: ${words}`));
    expect(said).not.toContain(CONNECTIONS);
  });

  test("422: refused the same way", async () => {
    const said = await wordsFor(422, "Unprocessable: max_tokens too large");
    expect(said).toBe(TD.providerRefused("OpenAI", "HTTP 422: Unprocessable: max_tokens too large"));
  });

  test("401 and 403: the key, and only these point to Kết nối", async () => {
    const key = await wordsFor(401, "Incorrect API key provided", "invalid_api_key");
    expect(key).toBe(TD.providerAuth("OpenAI", "HTTP 401: Incorrect API key provided"));
    const forbidden = await wordsFor(403, "Project does not have access to model");
    expect(forbidden).toBe(TD.providerAuth("OpenAI", "HTTP 403: Project does not have access to model"));
    expect(forbidden).toContain(CONNECTIONS);
  });

  test("429: rate limited, try later", async () => {
    const said = await wordsFor(429, "Rate limit reached", "rate_limit_exceeded");
    expect(said).toBe(TD.providerRateLimited("OpenAI", "HTTP 429: Rate limit reached"));
    expect(said).not.toContain(CONNECTIONS);
  });

  test("5xx: the provider is down", async () => {
    const said = await wordsFor(503, "The server is overloaded");
    expect(said).toBe(TD.providerUnavailable("OpenAI", "HTTP 503: The server is overloaded"));
    expect(said).not.toContain(CONNECTIONS);
  });

  test("a stream broken mid-answer keeps the text and says the answer broke", async () => {
    const h = harness();
    const broken = { kind: "stream" as const, message: "scripted: stream ended early", transient: false };
    const r = route([{ items: [{ kind: "text", text: "half" }, { kind: "error", error: broken }] }], "scripted:m");
    await h.turn([r], { user: "x" });
    expect(h.of("error")[0]!.message).toBe(TD.providerBroken("scripted", "stream ended early"));
  });

  test("the classes, from the error alone", () => {
    const e = (over: object) => ({ kind: "http" as const, message: "m", transient: false, ...over });
    expect(failureClass(e({ status: 401 }))).toBe("auth");
    expect(failureClass(e({ kind: "chunk", code: "authentication_error" }))).toBe("auth");
    expect(failureClass(e({ status: 404 }))).toBe("refused");
    expect(failureClass(e({ kind: "chunk", code: "invalid_request_error" }))).toBe("refused");
    expect(failureClass(e({ kind: "connection", transient: true }))).toBe("unavailable");
    expect(failureClass(e({ kind: "chunk", code: "overloaded_error", transient: true }))).toBe("unavailable");
  });
});
