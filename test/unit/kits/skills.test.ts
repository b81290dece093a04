// Skills (F-20): `always` skills are in every prompt; the others only when the conversation turns them
// on; the prompt stays byte-identical for the same toggles, skills_dirs add skills.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { kitHome, md } from "./fixture.ts";
import { crewOf } from "./crew.ts";

const at = new Date("2026-11-30T10:00:00Z");

describe("skills in the prompt", () => {
  test("an always skill is always there; a toggle only when enabled", () => {
    const master = crewOf(kitHome()).crew.get("default")!;
    expect(master.kit.skills.map((s) => [s.name, s.always])).toEqual([["house-style", true], ["x", false]]);
    const off = master.system(at, []);
    expect(off).toContain("skill-style-marker");
    expect(off).not.toContain("skill-x-marker");
    const on = master.system(at, ["x"]);
    expect(on).toContain("skill-x-marker");
    expect(master.system(at, ["x"])).toBe(on);
    // The date line stays last, after every skill.
    expect(on.trimEnd().split("\n").at(-1)).toStartWith("Today is");
  });

  test("<home>/skills and an agent's skills_dirs add skills; the agent's own win a name clash", () => {
    const home = kitHome({
      "skills/tone.md": md({ name: "tone", always: "true" }, "home-tone-marker"),
      "agents/coder/agent.yaml": "skills_dirs: [agents/coder/skills]\n",
      "agents/coder/skills/tone/SKILL.md": md({ name: "tone", always: "true" }, "coder-tone-marker"),
      "skills/unnamed.md": "no front matter, no name",
    });
    const { crew, warnings } = crewOf(home);
    expect(crew.get("default")!.system(at)).toContain("home-tone-marker");
    const coder = crew.get("coder")!.system(at);
    expect(coder).toContain("coder-tone-marker");
    expect(coder).not.toContain("home-tone-marker");
    const unnamed = `skill ${join(home, "skills", "unnamed.md")}: no name in its front matter; it is ignored`;
    expect(warnings.filter((w) => w.startsWith("skill "))).toEqual([unnamed]);
    expect(crew.get("default")!.kit.skills.map((s) => s.name)).toEqual(["house-style", "tone", "x"]);
  });

  test("a skills_dirs folder that does not exist is named at load", () => {
    const home = kitHome({ "agents/coder/agent.yaml": "skills_dirs: [nowhere]\n" });
    const { warnings } = crewOf(home);
    expect(warnings).toContain(`agent coder: skills_dirs folder ${join(home, "nowhere")} does not exist`);
  });
});
