import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadAgent, loadConfig, loadProfiles } from "../../src/config/load.ts";
import { resolveSettings } from "../../src/config/settings.ts";

function file(text: string, name = "config.yaml"): string {
  const dir = mkdtempSync(join(tmpdir(), "mc-cfg-"));
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("config.yaml", () => {
  test("missing or empty file gives the documented defaults", () => {
    const c = loadConfig(file(""));
    expect(c).toMatchObject({ approval_ttl_seconds: 600, tool_output_chars: 12000, max_steps: 30, cost_cap_usd: 1, browser_enabled: false });
    expect(loadConfig("/nonexistent/config.yaml").approval_ttl_seconds).toBe(600);
  });

  test("an unknown key names the key and the file", () => {
    const f = file("timezone: UTC\nthemes: dark\n");
    expect(errorOf(() => loadConfig(f))).toBe(`${f}: unknown key "themes"`);
  });

  test("a nested unknown key names its path", () => {
    const f = file("mcp_servers:\n  gh:\n    url: https://x.example/mcp\n    token: abc\n");
    expect(errorOf(() => loadConfig(f))).toBe(`${f}: unknown key "mcp_servers.gh.token"`);
  });

  test("a wrong value names the key", () => {
    const f = file("approval_ttl_seconds: soon\n");
    expect(errorOf(() => loadConfig(f))).toStartWith(`${f}: key "approval_ttl_seconds"`);
    expect(errorOf(() => loadConfig(file("timezone: Mars/Olympus\n")))).toContain("IANA");
  });

  test("broken YAML names the file and line", () => {
    const f = file("timezone: UTC\nmax_steps: [1, 2\n");
    expect(errorOf(() => loadConfig(f))).toMatch(new RegExp(`^${f}:\\d+: invalid YAML`));
    expect(errorOf(() => loadConfig(file("- a\n- b\n")))).toContain("must be a mapping");
    expect(errorOf(() => loadConfig(file("timezone: UTC\ntimezone: UTC\n")))).toContain("invalid YAML");
  });

  test("MCP headers hold env var names, never secret values", () => {
    const f = file("mcp_servers:\n  gh:\n    url: https://x.example/mcp\n    headers:\n      Authorization: sk-live-123\n");
    expect(errorOf(() => loadConfig(f))).toContain('"mcp_servers.gh.headers.Authorization"');
  });
});

describe("settings", () => {
  test("MY_AGENT_TIMEZONE wins over config; invalid zone is an error; routes and hosts are split", () => {
    const c = loadConfig(file("timezone: Europe/Paris\n"));
    const s = resolveSettings(c, { MY_AGENT_TIMEZONE: "Asia/Ho_Chi_Minh", MY_AGENT_ROUTES: "fake:echo, openai:gpt-4.1-mini", MY_AGENT_ALLOWED_HOSTS: "Crew.Lan" });
    expect(s.timezone).toBe("Asia/Ho_Chi_Minh");
    expect(s.routes).toEqual(["fake:echo", "openai:gpt-4.1-mini"]);
    expect(s.allowedHosts).toEqual(["crew.lan"]);
    expect(resolveSettings(c, {}).timezone).toBe("Europe/Paris");
    expect(() => resolveSettings(c, { MY_AGENT_TIMEZONE: "Nowhere" })).toThrow(/MY_AGENT_TIMEZONE/);
    expect(() => resolveSettings(c, { MY_AGENT_ROUTES: "gpt4" })).toThrow(/MY_AGENT_ROUTES: "gpt4"/);
  });
});

describe("agent.yaml", () => {
  test("a full profile validates with defaults", () => {
    const p = loadAgent(file("name: Coach\nmode: work\nroutes: openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5\nschedules:\n  - id: morning\n    cron: 0 7 * * *\n    prompt: Chào buổi sáng\ntelegram:\n  token_env: TELEGRAM_BOT_TOKEN\n  chat_id: 123\n", "agent.yaml"));
    expect(p.routes).toEqual(["openai:gpt-4.1-mini", "anthropic:claude-sonnet-4-5"]);
    expect(p.schedules[0]).toMatchObject({ id: "morning", enabled: true });
    expect(p.script_calls).toBe("off");
  });

  test("schedules need exactly one timing and one action; cron is checked", () => {
    const both = file("schedules:\n  - id: x\n    cron: 0 7 * * *\n    every: 1h\n    prompt: hi\n", "agent.yaml");
    expect(errorOf(() => loadAgent(both))).toContain("exactly one of cron or every");
    expect(errorOf(() => loadAgent(both))).toContain('"schedules.0" (schedule "x")');
    const none = file("schedules:\n  - id: x\n    every: 1h\n", "agent.yaml");
    expect(errorOf(() => loadAgent(none))).toContain("exactly one of prompt, command or script");
    const bad = file("schedules:\n  - id: x\n    cron: every day\n    prompt: hi\n", "agent.yaml");
    expect(errorOf(() => loadAgent(bad))).toContain('"schedules.0.cron" (schedule "x") must be a five-field');
    const never = file("schedules:\n  - id: x\n    every: 0m\n    prompt: hi\n", "agent.yaml");
    expect(errorOf(() => loadAgent(never))).toContain('"schedules.0.every"');
  });

  test("a token value instead of an env var name is refused; unknown keys are named", () => {
    const f = file("telegram:\n  token_env: 123456:ABCdef\n  chat_id: 1\n", "agent.yaml");
    expect(errorOf(() => loadAgent(f))).toContain('"telegram.token_env"');
    const aws = file("telegram:\n  token_env: AKIAIOSFODNN7EXAMPLE\n  chat_id: 1\n", "agent.yaml");
    const why = "must be the NAME of an environment variable (A-Z, 0-9, _), not a secret value";
    expect(errorOf(() => loadAgent(aws))).toBe(`${aws}: key "telegram.token_env" ${why}`);
    const name = file("telegram:\n  token_env: TELEGRAM_BOT_TOKEN_2\n  chat_id: 1\n", "agent.yaml");
    expect(loadAgent(name).telegram!.token_env).toBe("TELEGRAM_BOT_TOKEN_2");
    expect(errorOf(() => loadAgent(file("persona_file: x.md\n", "agent.yaml")))).toContain('unknown key "persona_file"');
  });

  test("members are found under agents/<id>/; a member's telegram block is ignored with a warning", () => {
    const home = mkdtempSync(join(tmpdir(), "mc-home-"));
    mkdirSync(join(home, "agents", "coach"), { recursive: true });
    writeFileSync(join(home, "agents", "coach", "agent.yaml"), "name: Coach\ntelegram:\n  token_env: T\n  chat_id: 1\n");
    const warnings: string[] = [];
    const { agents } = loadProfiles(home, (l) => warnings.push(l));
    expect([...agents.keys()]).toEqual(["default", "coach"]);
    expect(agents.get("coach")!.telegram).toBeUndefined();
    expect(warnings).toEqual(["agent coach: telegram belongs to the master; its block is ignored"]);
  });

  test("a broken member is recorded with its one-line error while the others load; a broken master throws", () => {
    const home = mkdtempSync(join(tmpdir(), "mc-home-"));
    const member = (id: string, text: string) => {
      mkdirSync(join(home, "agents", id), { recursive: true });
      writeFileSync(join(home, "agents", id, "agent.yaml"), text);
    };
    member("coach", "name: Coach\n");
    member("bad", "mode: turbo\n");
    member("leaky", "telegram:\n  token_env: sk-live-abcdef123456\n  chat_id: 1\n");
    member("Bad Name", "name: x\n");
    member("nosy", "workspace: .\n");
    member("sub", "workspace: agents/sub/repo\n");
    const warnings: string[] = [];
    const { agents, broken } = loadProfiles(home, (l) => warnings.push(l));
    expect([...agents.keys()]).toEqual(["default", "coach", "sub"]);
    expect([...broken.keys()].sort()).toEqual(["Bad Name", "bad", "leaky", "nosy"]);
    expect(broken.get("nosy")).toContain('key "workspace" must not be the my-crew home');
    expect(broken.get("bad")).toStartWith(`${join(home, "agents", "bad", "agent.yaml")}: key "mode"`);
    expect(broken.get("leaky")).toContain('key "telegram.token_env" must be the NAME of an environment variable');
    expect(broken.get("leaky")).not.toContain("sk-live");
    expect(broken.get("Bad Name")).toContain("not an agent id");
    expect(warnings.filter((w) => w.includes("not loaded")).length).toBe(4);
    writeFileSync(join(home, "agent.yaml"), "workspace: /\n");
    expect(errorOf(() => loadProfiles(home, () => {}))).toStartWith(`${join(home, "agent.yaml")}: key "workspace"`);
    writeFileSync(join(home, "agent.yaml"), "max_steps: many\n");
    expect(errorOf(() => loadProfiles(home, () => {}))).toStartWith(`${join(home, "agent.yaml")}: key "max_steps"`);
  });
});
