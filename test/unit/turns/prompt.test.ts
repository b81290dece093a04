// The system prompt (A-03, G-07, F-03, F-08): fixed parts in a fixed order; only the date line, last,
// changes between turns and days; the persona is read on every turn; the roster lists who it may use.
import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { buildCrew } from "../../../src/turns/crew.ts";
import { delegatesOf } from "../../../src/turns/roster.ts";

function crewOf(profiles: Record<string, object>, personas: Record<string, string> = {}, skills: string[] = []) {
  const root = mkdtempSync(join(tmpdir(), "mc-prompt-"));
  // Skills in the home (docs/kits.md): toggles, whose text joins the prompt when a conversation turns them on.
  for (const name of skills) {
    mkdirSync(join(root, "skills", name), { recursive: true });
    writeFileSync(join(root, "skills", name, "SKILL.md"), `---\nname: ${name}\n---\n${name.toUpperCase()}\n`);
  }
  for (const [id, text] of Object.entries(personas)) {
    const dir = id === "default" ? root : join(root, "agents", id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "persona.md"), text);
  }
  const settings = resolveSettings(configSchema.parse({}), { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "Asia/Ho_Chi_Minh" });
  const parsed = new Map(Object.entries(profiles).map(([id, p]) => [id, agentSchema.parse(p)]));
  return { crew: buildCrew(settings, parsed, homePaths(root), {}), root };
}

const MORNING = new Date("2026-03-02T01:00:00Z");
const EVENING = new Date("2026-03-02T14:00:00Z");
const NEXT_DAY = new Date("2026-03-03T01:00:00Z");
const cut = (prompt: string) => prompt.slice(0, prompt.lastIndexOf("\n\n"));

describe("system prompt", () => {
  const profiles = {
    default: { description: "Leads the crew." },
    coach: { name: "Coach", description: "Keeps the owner fit." },
    dev: { name: "Dev", mode: "work", delegates: ["coach"] },
  };

  test("two turns the same day are byte-identical; the next day only the last line differs", () => {
    const { crew } = crewOf(profiles, { default: "Be brief.\n" });
    const master = crew.get("default")!;
    const a = master.system(MORNING);
    expect(master.system(EVENING)).toBe(a);
    const b = master.system(NEXT_DAY);
    expect(b).not.toBe(a);
    expect(cut(b)).toBe(cut(a));
    expect(a.split("\n").at(-1)).toBe("Today is Monday, 2 March 2026 (Asia/Ho_Chi_Minh).");
    expect(b.split("\n").at(-1)).toBe("Today is Tuesday, 3 March 2026 (Asia/Ho_Chi_Minh).");
  });

  test("parts come in a fixed order: identity, persona, roster, rules, extra sections, date", () => {
    const { crew } = crewOf(profiles, { default: "PERSONA-TEXT" }, ["skill-one", "skill-two"]);
    const p = crew.get("default")!.system(MORNING, ["skill-one", "skill-two"]);
    const at = (s: string) => p.indexOf(s);
    expect(p.startsWith("You are my-crew, a personal agent of my-crew running on the owner's own server. Leads the crew.")).toBe(true);
    const order = [at("PERSONA-TEXT"), at("Your crew:"), at("Answer in the language"), at("SKILL-ONE"), at("SKILL-TWO"), at("Today is")];
    expect(order.every((n) => n > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  test("USER.md and the agent's MEMORY.md follow the persona, read each turn; notes stay out (G-07)", () => {
    const { crew, root } = crewOf(profiles, { default: "PERSONA-TEXT", coach: "COACH" });
    mkdirSync(join(root, "users", "owner", "memory"), { recursive: true });
    writeFileSync(join(root, "users", "owner", "USER.md"), "OWNER-FACTS\n");
    writeFileSync(join(root, "MEMORY.md"), "MASTER-MEMORY");
    mkdirSync(join(root, "memory"), { recursive: true });
    writeFileSync(join(root, "memory", "2026-03-02.md"), "- 08:00 TODAY-NOTE\n");
    writeFileSync(join(root, "users", "owner", "memory", "2026-03-02.md"), "- 08:00 OWNER-NOTE\n");
    const p = crew.get("default")!.system(MORNING);
    const at = (x: string) => p.indexOf(x);
    const order = [at("PERSONA-TEXT"), at("OWNER-FACTS"), at("MASTER-MEMORY"), at("Your crew:"), at("Today is")];
    expect(order.every((n) => n > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(p).not.toContain("TODAY-NOTE");
    expect(p).not.toContain("OWNER-NOTE");
    expect(crew.get("default")!.system(EVENING)).toBe(p);
    // Every agent reads the owner's facts; a member's own MEMORY.md is its own.
    const coach = crew.get("coach")!.system(MORNING);
    expect(coach).toContain("OWNER-FACTS");
    expect(coach).not.toContain("MASTER-MEMORY");
    writeFileSync(join(root, "MEMORY.md"), "REWRITTEN");
    expect(crew.get("default")!.system(EVENING)).toContain("REWRITTEN");
  });

  test("the persona file is read on every turn: an edit counts at the next turn, without a rebuild", () => {
    const { crew, root } = crewOf({ default: {}, coach: {} }, { coach: "Speak like a coach." });
    const coach = crew.get("coach")!;
    expect(coach.personaFile).toBe(join(root, "agents", "coach", "persona.md"));
    expect(coach.system(MORNING)).toContain("Speak like a coach.");
    writeFileSync(coach.personaFile, "Speak like a poet.");
    const after = coach.system(MORNING);
    expect(after).toContain("Speak like a poet.");
    expect(after).not.toContain("Speak like a coach.");
    expect(crew.get("default")!.system(MORNING)).not.toContain("Speak like");
  });

  test("the master's roster lists every member with name and description; a chat member has none", () => {
    const { crew } = crewOf(profiles);
    const p = crew.get("default")!.system(MORNING);
    expect(p).toContain("- coach (Coach): Keeps the owner fit.\n- dev (Dev)");
    expect(delegatesOf(crew, "default").map((a) => a.id)).toEqual(["coach", "dev"]);
    expect(crew.get("coach")!.system(MORNING)).not.toContain("Your crew:");
    expect(delegatesOf(crew, "coach")).toEqual([]);
    expect(delegatesOf(crew, "dev").map((a) => a.id)).toEqual(["coach"]);
    expect(delegatesOf(crew, "nobody")).toEqual([]);
  });

  test("delegates on the master narrows its roster; a tools list without delegate removes it", () => {
    const narrowed = crewOf({ default: { delegates: ["dev", "ghost"] }, coach: {}, dev: {} }).crew;
    expect(delegatesOf(narrowed, "default").map((a) => a.id)).toEqual(["dev"]);
    expect(narrowed.get("default")!.system(MORNING)).not.toContain("- coach");
    const noTool = crewOf({ default: {}, dev: { mode: "work", tools: ["file_read"] } }).crew;
    expect(delegatesOf(noTool, "dev")).toEqual([]);
    expect(delegatesOf(noTool, "default").map((a) => a.id)).toEqual(["dev"]);
  });

  test("work mode gives the crew runtime its defaults (F-05); the master is never a target", () => {
    const { crew } = crewOf(profiles);
    expect(crew.get("dev")).toMatchObject({ mode: "work", autonomous: true, maxSteps: 100, costCapUsd: 10 });
    expect(crew.get("coach")).toMatchObject({ mode: "chat", autonomous: false, maxSteps: 30, costCapUsd: 1 });
    expect(crew.get("dev")!.delegates).not.toContain("default");
  });
});
