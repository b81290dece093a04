// Work mode (F-05, F-06) and who may delegate (F-08): mode: work changes defaults — more steps, a higher
// cap, autonomy — and adds delegate unless `tools` leaves it out; explicit keys still win.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { buildCrew } from "../../../src/turns/crew.ts";
import { delegateTargets } from "../../../src/turns/roster.ts";

const profiles = (all: Record<string, Record<string, unknown>>) =>
  new Map(Object.entries(all).map(([id, p]) => [id, agentSchema.parse(p)]));

function crewOf(all: Record<string, Record<string, unknown>>) {
  const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
  const paths = homePaths(mkdtempSync(join(tmpdir(), "mc-work-")));
  return buildCrew(resolveSettings(configSchema.parse({}), env), profiles(all), paths, env);
}

const names = (tools: { name: string }[]) => tools.map((t) => t.name);

describe("work mode", () => {
  const crew = crewOf({
    default: {},
    coder: { mode: "work" },
    helper: {},
    narrow: { mode: "work", tools: ["file_read", "shell_run"] },
    pinned: { mode: "work", autonomous: false, max_steps: 7, cost_cap_usd: 2 },
  });

  test("raises the step limit and the cap and turns autonomy on; chat mode keeps the global defaults", () => {
    expect(crew.get("coder")).toMatchObject({ maxSteps: 100, costCapUsd: 10, autonomous: true });
    expect(crew.get("helper")).toMatchObject({ maxSteps: 30, costCapUsd: 1, autonomous: false });
  });

  test("changes defaults, not explicit keys", () => {
    expect(crew.get("pinned")).toMatchObject({ maxSteps: 7, costCapUsd: 2, autonomous: false });
  });

  test("a work agent gets delegate unless its tools leave it out; a chat member does not", () => {
    expect(names(crew.get("coder")!.tools)).toContain("delegate");
    // The master is never a target (roster.ts): members hand work to each other, not back up.
    expect(crew.get("coder")!.delegates).toEqual(["helper", "narrow", "pinned"]);
    expect(names(crew.get("narrow")!.tools)).toEqual(["file_read", "shell_run", "tool_script"]);
    expect(names(crew.get("helper")!.tools)).not.toContain("delegate");
    expect(crew.get("helper")!.delegates).toEqual([]);
  });

  test("the master delegates to every other agent, and names them in the tool's description", () => {
    const master = crew.get("default")!;
    expect(master.delegates).toEqual(["coder", "helper", "narrow", "pinned"]);
    const tool = master.tools.find((t) => t.name === "delegate")!;
    expect(tool.description).toContain("Crew members you can delegate to: coder, helper, narrow, pinned.");
  });
});

describe("delegateTargets", () => {
  test("`delegates` narrows the targets; unknown ids and the agent itself are never targets", () => {
    const p = profiles({ default: { delegates: ["coder", "ghost", "default"] }, coder: {}, advisor: {} });
    expect(delegateTargets("default", p.get("default")!, [...p.keys()])).toEqual(["coder"]);
  });

  test("a master alone has nobody to delegate to, so no tool", () => {
    expect(delegateTargets("default", agentSchema.parse({}), ["default"])).toEqual([]);
    expect(names(crewOf({ default: {} }).get("default")!.tools)).not.toContain("delegate");
  });

  test("a master whose tools leave delegate out has none; a chat member naming it has it, never to the master", () => {
    const p = profiles({ default: { tools: ["file_read"] }, coder: { tools: ["file_read", "delegate"] }, advisor: {} });
    const ids = [...p.keys()];
    expect(delegateTargets("default", p.get("default")!, ids)).toEqual([]);
    expect(delegateTargets("coder", p.get("coder")!, ids)).toEqual(["advisor"]);
    expect(delegateTargets("advisor", p.get("advisor")!, ids)).toEqual([]);
  });
});
