// Routes resolved from the environment: presets, keys by env var name (never by value), base URL
// overrides that real requests follow, and providers registered by callers.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { knownProviders, resolveRoute } from "../../../src/llm/registry.ts";
import type { Provider } from "../../../src/llm/types.ts";
import { startWireServer, type WireServer } from "../../helpers/wire-server.ts";
import { an, collect, last, oa, request } from "./wire.ts";

let wire: WireServer;
beforeEach(() => (wire = startWireServer()));
afterEach(() => wire.stop());

describe("resolveRoute", () => {
  test("a missing key is refused with a sentence naming the env var", () => {
    const r = resolveRoute("openai:gpt-4.1-mini", { OPENAI_API_KEY: "  ", ANTHROPIC_API_KEY: "sk-ant-other" });
    expect(r).toEqual({ ok: false, error: expect.stringContaining("OPENAI_API_KEY") });
    const a = resolveRoute("anthropic:claude-haiku-4-5", {});
    expect(a.ok === false && a.error).toContain("ANTHROPIC_API_KEY");
  });

  test("the model part may hold ':' and '/'", () => {
    const r = resolveRoute("openrouter:deepseek/deepseek-chat:free", { OPENROUTER_API_KEY: "k" });
    expect(r.ok && [r.route.label, r.route.provider.name, r.route.model]).toEqual([
      "openrouter:deepseek/deepseek-chat:free",
      "openrouter",
      "deepseek/deepseek-chat:free",
    ]);
  });

  test("malformed and unknown routes are refused with a sentence", () => {
    for (const label of ["gpt-4.1", "openai:", ":gpt-4.1", ""]) {
      const r = resolveRoute(label, { OPENAI_API_KEY: "k" });
      expect(r.ok === false && r.error).toContain("provider:model");
    }
    const r = resolveRoute("mystery:m", {});
    expect(r.ok === false && r.error).toContain('unknown provider "mystery"');
  });

  test("the base URL override by env is where requests go (openai format), with the key", async () => {
    wire.reply({ chunks: oa.answer("hi") });
    const r = resolveRoute("groq:llama-3.3-70b-versatile", { GROQ_API_KEY: "gsk-1", GROQ_BASE_URL: `${wire.url}/openai/v1` });
    if (!r.ok) throw new Error(r.error);
    expect(last(await collect(r.route.provider.stream(request({ model: r.route.model }))))).toEqual({ kind: "end", reason: "stop" });
    expect(wire.requests[0]!.path).toBe("/openai/v1/chat/completions");
    expect(wire.requests[0]!.headers.authorization).toBe("Bearer gsk-1");
    expect(wire.requests[0]!.body).toMatchObject({ model: "llama-3.3-70b-versatile" });
  });

  test("anthropic follows ANTHROPIC_BASE_URL", async () => {
    wire.reply({ chunks: an.answer("hi") });
    const r = resolveRoute("anthropic:claude-haiku-4-5", { ANTHROPIC_API_KEY: "sk-ant", ANTHROPIC_BASE_URL: wire.url });
    if (!r.ok) throw new Error(r.error);
    await collect(r.route.provider.stream(request()));
    expect(wire.requests[0]!.path).toBe("/v1/messages");
    expect(wire.requests[0]!.headers["x-api-key"]).toBe("sk-ant");
  });

  test("openrouter asks for usage accounting; openai sends max_completion_tokens", async () => {
    wire.reply({ chunks: oa.answer("a") }, { chunks: oa.answer("b") });
    const env = { OPENROUTER_API_KEY: "k", OPENROUTER_BASE_URL: wire.url, OPENAI_API_KEY: "k", OPENAI_BASE_URL: wire.url };
    for (const label of ["openrouter:x/y", "openai:o3"]) {
      const r = resolveRoute(label, env);
      if (!r.ok) throw new Error(r.error);
      await collect(r.route.provider.stream(request({ maxTokens: 50 })));
    }
    expect(wire.requests[0]!.body).toMatchObject({ usage: { include: true }, max_tokens: 50 });
    expect(wire.requests[1]!.body).toMatchObject({ max_completion_tokens: 50 });
    expect(wire.requests[1]!.body).not.toHaveProperty("usage");
  });

  test("ollama needs no key, sends no Authorization and is free", async () => {
    wire.reply({ chunks: oa.answer("hi") });
    const r = resolveRoute("ollama:llama3.2:3b", { OLLAMA_BASE_URL: `${wire.url}/v1` });
    if (!r.ok) throw new Error(r.error);
    expect(r.route.provider.free).toBe(true);
    expect(r.route.model).toBe("llama3.2:3b");
    await collect(r.route.provider.stream(request()));
    expect(wire.requests[0]!.headers.authorization).toBeUndefined();
  });

  test("providers registered by the caller resolve (e.g. fake), with no key needed", () => {
    const fake: Provider = { name: "fake", free: true, stream: async function* () {} };
    const r = resolveRoute("fake:echo", {}, { fake });
    expect(r.ok && r.route).toEqual({ label: "fake:echo", provider: fake, model: "echo" });
  });
});

describe("knownProviders", () => {
  test("lists every preset with its key and base-url env names", () => {
    const byName = Object.fromEntries(knownProviders().map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["anthropic", "deepseek", "groq", "ollama", "openai", "openrouter"]);
    expect(byName.openai).toMatchObject({ keyEnv: "OPENAI_API_KEY", baseUrlEnv: "OPENAI_BASE_URL", defaultBaseUrl: "https://api.openai.com/v1" });
    expect(byName.ollama).toMatchObject({ keyEnv: null, baseUrlEnv: "OLLAMA_BASE_URL", free: true });
    expect(byName.deepseek).toMatchObject({ keyEnv: "DEEPSEEK_API_KEY", defaultBaseUrl: "https://api.deepseek.com/v1" });
  });
});
