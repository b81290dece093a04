// vision_routes and audio_routes: parsed from config.yaml and agent.yaml, inherited like `routes`
// (own profile, then the master's, then config.yaml), resolved to providers by the crew, with unusable
// routes named in the agent's route problems instead of stopping it.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { contextWindow } from "../../../src/llm/windows.ts";
import { buildCrew } from "../../../src/turns/crew.ts";

const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC", OPENAI_API_KEY: "sk-test" };

function crew(config: object, profiles: Record<string, object>) {
  const settings = resolveSettings(configSchema.parse(config), env);
  const parsed = new Map(Object.entries(profiles).map(([id, p]) => [id, agentSchema.parse(p)]));
  return buildCrew(settings, parsed, homePaths(mkdtempSync(join(tmpdir(), "mc-chains-"))), env);
}

describe("modality route chains", () => {
  test("config.yaml's chains reach every agent; a profile's own list overrides them for itself and members", () => {
    const c = crew({ vision_routes: "openai:gpt-4.1-mini, fake:echo", audio_routes: ["openai:whisper-1"] }, {
      default: {},
      coach: { vision_routes: ["fake:vision"] },
    });
    expect(c.get("default")!.visionRoutes.map((r) => r.label)).toEqual(["openai:gpt-4.1-mini", "fake:echo"]);
    expect(c.get("default")!.audioRoutes.map((r) => r.label)).toEqual(["openai:whisper-1"]);
    expect(c.get("coach")!.visionRoutes.map((r) => r.label)).toEqual(["fake:vision"]);
    expect(c.get("coach")!.audioRoutes.map((r) => r.label)).toEqual(["openai:whisper-1"]);
    const inherited = crew({}, { default: { audio_routes: "fake:stt" }, coach: {} });
    expect(inherited.get("coach")!.audioRoutes.map((r) => r.label)).toEqual(["fake:stt"]);
    expect(inherited.get("coach")!.visionRoutes).toEqual([]);
  });

  test("a route missing its key, or an audio route on a provider without transcription, is a named problem", () => {
    const c = crew({ vision_routes: "anthropic:claude-haiku-4-5,fake:echo", audio_routes: "openai:whisper-1" }, {
      default: { audio_routes: ["anthropic:claude-haiku-4-5", "openrouter:x/y", "fake:echo"] },
    });
    const agent = c.get("default")!;
    expect(agent.visionRoutes.map((r) => r.label)).toEqual(["fake:echo"]);
    expect(agent.audioRoutes.map((r) => r.label)).toEqual(["fake:echo"]);
    expect(agent.routeProblems).toEqual([
      'vision_routes: Route "anthropic:claude-haiku-4-5" needs the API key in ANTHROPIC_API_KEY, which is not set.',
      'audio_routes: Route "anthropic:claude-haiku-4-5" needs the API key in ANTHROPIC_API_KEY, which is not set.',
      'audio_routes: Route "openrouter:x/y" needs the API key in OPENROUTER_API_KEY, which is not set.',
    ]);
  });

  test("the keys are validated like routes in both files", () => {
    expect(agentSchema.safeParse({ vision_routes: "gpt-4o" }).success).toBe(false);
    expect(configSchema.safeParse({ audio_routes: ["openai"] }).success).toBe(false);
    const env2 = { ...env, ANTHROPIC_API_KEY: "k" };
    const settings = resolveSettings(configSchema.parse({}), env2);
    const profiles = new Map([["default", agentSchema.parse({ audio_routes: "anthropic:claude-haiku-4-5" })]]);
    const c = buildCrew(settings, profiles, homePaths(mkdtempSync(join(tmpdir(), "mc-chains-"))), env2);
    expect(c.get("default")!.routeProblems[0]).toStartWith('audio_routes: Route "anthropic:claude-haiku-4-5" cannot');
  });
});

describe("context windows (issue 20)", () => {
  test("the table's window for a known model, config.yaml's context_windows for a route it names, 32,768 else", () => {
    const c = crew({ context_windows: { "ollama:qwen3:8b": 8192 } }, {
      default: { routes: ["openai:gpt-4o-mini", "ollama:qwen3:8b", "ollama:llama3"] },
    });
    const windows = c.get("default")!.routes.map((r) => [r.label, contextWindow(r)]);
    expect(windows).toEqual([["openai:gpt-4o-mini", 128_000], ["ollama:qwen3:8b", 8192], ["ollama:llama3", 32_768]]);
  });

  test("a window that is not a whole number of tokens from 1,024 up, or a key that is not a route, is refused", () => {
    expect(configSchema.safeParse({ context_windows: { "ollama:x": 100 } }).success).toBe(false);
    expect(configSchema.safeParse({ context_windows: { "ollama:x": 8000.5 } }).success).toBe(false);
    const bad = configSchema.safeParse({ context_windows: { qwen: 8192 } });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain("provider:model");
  });
});
