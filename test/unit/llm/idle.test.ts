// A provider that goes silent is given up after the idle timeout (O-21: 120 s by default) as a lost
// connection — transient, so the chain may retry it — instead of holding a turn forever.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOpenAIProvider } from "../../../src/llm/openai.ts";
import { startWireServer, type WireServer } from "../../helpers/wire-server.ts";
import { collect, KEY, request } from "./wire.ts";

let wire: WireServer;
beforeEach(() => (wire = startWireServer()));
afterEach(() => wire.stop());

describe("idle timeout", () => {
  test("no headers within the idle time: a transient connection error, quickly", async () => {
    wire.reply({ respondAfterMs: 5_000 });
    const p = createOpenAIProvider({ name: "openai", baseUrl: wire.url, apiKey: KEY, idleMs: 200 });
    const t0 = performance.now();
    const items = await collect(p.stream(request()));
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(items.at(-1)).toMatchObject({ kind: "error", error: { kind: "connection", transient: true } });
    expect(JSON.stringify(items)).not.toContain(KEY);
  });

  test("a body that stops mid-answer: the text so far, then the same error", async () => {
    wire.reply({ chunks: [`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "Xin " } }] })}\n\n`], then: "hang" });
    const p = createOpenAIProvider({ name: "openai", baseUrl: wire.url, apiKey: KEY, idleMs: 200 });
    const items = await collect(p.stream(request()));
    expect(items[0]).toEqual({ kind: "text", text: "Xin " });
    expect(items.at(-1)).toMatchObject({ kind: "error", error: { kind: "connection", transient: true } });
  });
});
