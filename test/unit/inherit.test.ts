// Profile inheritance (F-01, F-02, F-05, F-25): own file → master's profile → config.yaml/env, only for
// keys that say how much; work mode raises defaults without lowering anything set elsewhere.
import { describe, expect, test } from "bun:test";
import { agentSchema } from "../../src/config/agent-schema.ts";
import { configSchema } from "../../src/config/config-schema.ts";
import { resolveProfile, WORK_DEFAULTS } from "../../src/config/inherit.ts";
import { resolveSettings } from "../../src/config/settings.ts";

const settings = (config: object = {}, routes = "fake:echo") =>
  resolveSettings(configSchema.parse(config), { MY_AGENT_ROUTES: routes, MY_AGENT_TIMEZONE: "UTC" });
const profile = (p: object) => agentSchema.parse(p);

describe("inheritance", () => {
  test("a member with no file values takes the master's, then config.yaml's and the environment's", () => {
    const s = settings({ max_steps: 40, cost_cap_usd: 2, approval_ttl_seconds: 900 }, "fake:echo,openai:gpt-4.1-mini");
    const bare = resolveProfile("coach", profile({}), profile({}), s);
    expect(bare).toMatchObject({ routes: ["fake:echo", "openai:gpt-4.1-mini"], maxSteps: 40, costCapUsd: 2, approvalTtlSeconds: 900 });
    const master = profile({ routes: "anthropic:claude-sonnet-4-5", max_steps: 12, cost_cap_usd: 0.5, escalation_route: "openai:o3" });
    const fromMaster = resolveProfile("coach", profile({}), master, s);
    expect(fromMaster).toMatchObject({ routes: ["anthropic:claude-sonnet-4-5"], maxSteps: 12, costCapUsd: 0.5, approvalTtlSeconds: 900 });
    expect(fromMaster.escalationRoute).toBe("openai:o3");
    const own = resolveProfile("coach", profile({ routes: ["fake:echo"], max_steps: 5 }), master, s);
    expect(own).toMatchObject({ routes: ["fake:echo"], maxSteps: 5, costCapUsd: 0.5 });
  });

  test("browser, computer and autonomy are never inherited from the master (F-25)", () => {
    const master = profile({ browser: true, computer: true, autonomous: true, name: "Boss", description: "the boss" });
    const member = resolveProfile("coach", profile({}), master, settings());
    expect(member).toMatchObject({ browser: false, computer: false, autonomous: false, name: "coach", description: "" });
    const self = resolveProfile("default", master, master, settings());
    expect(self).toMatchObject({ browser: true, computer: true, autonomous: true, name: "Boss" });
    const own = resolveProfile("coach", profile({ browser: true }), profile({}), settings());
    expect(own.browser).toBe(true);
  });

  test("the master ignores nothing of its own and has the built-in name", () => {
    const r = resolveProfile("default", profile({}), profile({}), settings({ max_steps: 30 }));
    expect(r).toMatchObject({ name: "my-crew", mode: "chat", maxSteps: 30, costCapUsd: 1, autonomous: false });
  });
});

describe("work mode (F-05)", () => {
  test("raises steps and cap and turns autonomy on, as defaults", () => {
    const r = resolveProfile("dev", profile({ mode: "work" }), profile({}), settings());
    expect(r).toMatchObject({ autonomous: true, maxSteps: WORK_DEFAULTS.maxSteps, costCapUsd: WORK_DEFAULTS.costCapUsd });
    expect(WORK_DEFAULTS).toEqual({ maxSteps: 100, costCapUsd: 10 });
  });

  test("the agent's own values win; higher inherited values and no cap (0) are kept", () => {
    const own = resolveProfile("dev", profile({ mode: "work", autonomous: false, max_steps: 7, cost_cap_usd: 3 }), profile({}), settings());
    expect(own).toMatchObject({ autonomous: false, maxSteps: 7, costCapUsd: 3 });
    const high = resolveProfile("dev", profile({ mode: "work" }), profile({}), settings({ max_steps: 300, cost_cap_usd: 25 }));
    expect(high).toMatchObject({ maxSteps: 300, costCapUsd: 25 });
    const uncapped = resolveProfile("dev", profile({ mode: "work" }), profile({ cost_cap_usd: 0 }), settings());
    expect(uncapped.costCapUsd).toBe(0);
  });
});
