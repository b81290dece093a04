// saveConnections (O-11): a save that would break a route is refused before anything is written; a
// good one writes the file, updates the live env, rebuilds the crew and emits `jobs`.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { saveConnections } from "../../../src/connections/save.ts";
import { connectionsFixture } from "./fixture.ts";

const KEY = "sk-test-0123456789abcdef";

describe("the break check", () => {
  test("removing the only key an openai route needs is refused, naming the route and the variable", async () => {
    const f = await connectionsFixture({ OPENAI_API_KEY: KEY, MY_AGENT_ROUTES: "openai:gpt-4.1-mini" });
    writeFileSync(f.envFile, `# keys\nOPENAI_API_KEY=${KEY}\n`);
    const before = readFileSync(f.envFile);
    const r = await saveConnections(f.deps, { OPENAI_API_KEY: null });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.detail).toContain("openai:gpt-4.1-mini");
    expect(r.detail).toContain("OPENAI_API_KEY");
    expect(r.detail).not.toContain(KEY);
    expect(readFileSync(f.envFile).equals(before)).toBe(true);
    expect(f.env.OPENAI_API_KEY).toBe(KEY);
    expect(f.jobs.count).toBe(0);
  });

  test("an agent's own route counts too", async () => {
    const f = await connectionsFixture({ ANTHROPIC_API_KEY: KEY }, { default: {}, writer: { routes: "anthropic:claude-sonnet-4-5" } });
    const r = await saveConnections(f.deps, { ANTHROPIC_API_KEY: null });
    expect(r.ok ? "" : r.detail).toContain("writer");
    expect(existsSync(f.envFile)).toBe(false);
  });

  test("removing a key no route needs is accepted while the other routes still resolve", async () => {
    const f = await connectionsFixture({ OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: "ak-0123456789", MY_AGENT_ROUTES: "anthropic:claude-sonnet-4-5,fake:echo" });
    writeFileSync(f.envFile, `OPENAI_API_KEY=${KEY}\nANTHROPIC_API_KEY=ak-0123456789\n`);
    const r = await saveConnections(f.deps, { OPENAI_API_KEY: null });
    expect(r.ok).toBe(true);
    expect(readFileSync(f.envFile, "utf8")).toBe("ANTHROPIC_API_KEY=ak-0123456789\n");
    expect(f.env.OPENAI_API_KEY).toBeUndefined();
    expect(f.deps.crew().get("default")!.routes.map((x) => x.label)).toEqual(["anthropic:claude-sonnet-4-5", "fake:echo"]);
  });

  test("a key and the route needing it can be saved together; a malformed or keyless route list is refused", async () => {
    const f = await connectionsFixture();
    const bad = await saveConnections(f.deps, { MY_AGENT_ROUTES: "gpt-4.1" });
    expect(bad.ok ? "" : bad.detail).toContain("gpt-4.1");
    const keyless = await saveConnections(f.deps, { MY_AGENT_ROUTES: "openai:gpt-4.1-mini" });
    expect(keyless.ok ? "" : keyless.detail).toContain("OPENAI_API_KEY");
    expect(existsSync(f.envFile)).toBe(false);
    const both = await saveConnections(f.deps, { OPENAI_API_KEY: KEY, MY_AGENT_ROUTES: "openai:gpt-4.1-mini" });
    expect(both.ok).toBe(true);
    expect(f.deps.crew().get("default")!.routes.map((x) => x.label)).toEqual(["openai:gpt-4.1-mini"]);
    expect(f.jobs.count).toBe(1);
  });

  test("removing the route list every agent uses is refused; previously broken routes do not block other saves", async () => {
    const f = await connectionsFixture({ MY_AGENT_ROUTES: "fake:echo,groq:llama" });
    const r = await saveConnections(f.deps, { MY_AGENT_ROUTES: null });
    expect(r.ok ? "" : r.detail).toContain("default");
    const other = await saveConnections(f.deps, { SKILL_TOKEN: "abc" });
    expect(other.ok).toBe(true);
    if (other.ok) expect(other.status.route_problems.join(" ")).toContain("GROQ_API_KEY");
  });
});

describe("saving", () => {
  test("two concurrent saves both land in one complete file", async () => {
    const f = await connectionsFixture();
    writeFileSync(f.envFile, "# mine\nKEEP=1\n");
    const [a, b] = await Promise.all([saveConnections(f.deps, { FIRST_VAR: "one" }), saveConnections(f.deps, { SECOND_VAR: "two" })]);
    expect(a.ok && b.ok).toBe(true);
    expect(readFileSync(f.envFile, "utf8")).toBe("# mine\nKEEP=1\nFIRST_VAR=one\nSECOND_VAR=two\n");
    expect(f.env.FIRST_VAR).toBe("one");
    expect(f.env.SECOND_VAR).toBe("two");
    expect(f.jobs.count).toBe(2);
  });

  test("the status after a save lists other variables by name and never a secret value", async () => {
    const f = await connectionsFixture();
    const r = await saveConnections(f.deps, { TELEGRAM_BOT_TOKEN: "123456:telegram-secret", SKILL_SECRET: "skill-secret-value", OLLAMA_BASE_URL: "http://127.0.0.1:11434/v1" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const text = JSON.stringify(r.status);
    expect(text).not.toContain("telegram-secret");
    expect(text).not.toContain("skill-secret-value");
    expect(r.status.other).toEqual([{ name: "SKILL_SECRET", set: true }]);
    expect(r.status.rows.find((x) => x.name === "OLLAMA_BASE_URL")).toMatchObject({ set: true, value: "http://127.0.0.1:11434/v1" });
    expect(r.status.rows.find((x) => x.name === "TELEGRAM_BOT_TOKEN")).toMatchObject({ set: true, kind: "secret" });
  });

  test("a malformed env file is reported by line and not overwritten", async () => {
    const f = await connectionsFixture();
    writeFileSync(f.envFile, "GOOD=1\nthis line is broken\n");
    const r = await saveConnections(f.deps, { X_VAR: "1" });
    expect(r.ok ? "" : r.detail).toContain(":2:");
    expect(readFileSync(f.envFile, "utf8")).toBe("GOOD=1\nthis line is broken\n");
  });
});
