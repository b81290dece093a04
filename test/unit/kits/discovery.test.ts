// Kit discovery (F-17, F-18): `.claude/` under the home and under agent folders becomes crew members,
// commands and skills; a kit inside a workspace is not read; a yaml profile wins over a kit member.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { crewOf } from "./crew.ts";
import { kitHome, md } from "./fixture.ts";

describe("kit discovery", () => {
  test("the home's .claude/agents/reviewer.md becomes a crew member with mapped tools and its persona", () => {
    const { profiles, crew } = crewOf(kitHome());
    expect([...profiles.keys()]).toEqual(["default", "reviewer"]);
    const reviewer = profiles.get("reviewer")!;
    expect(reviewer.description).toBe("Reviews code changes for bugs and unclear names.");
    expect(reviewer.tools).toEqual(["file_read", "file_search", "shell_run"]);
    expect(crew.get("reviewer")!.tools.map((t) => t.name).sort())
      .toEqual(["file_read", "file_search", "shell_run", "tool_script"]);
    expect(crew.get("reviewer")!.system()).toContain("You are a careful code reviewer.");
    // The master is no kit member: it gets the kit's commands and skills, not the reviewer's persona.
    expect(crew.get("default")!.system()).not.toContain("careful code reviewer");
    expect([...crew.get("default")!.kit.commands.keys()].sort()).toEqual(["focus", "review"]);
  });

  test("an agent folder's kit adds members, and commands only for that agent", () => {
    const home = kitHome({
      "agents/writer/agent.yaml": "description: writes\n",
      "agents/writer/.claude/agents/helper.md": md({ description: "helps" }, "You help the writer."),
      "agents/writer/.claude/commands/draft.md": "Draft $ARGUMENTS.",
    });
    const { profiles, crew } = crewOf(home);
    expect(profiles.get("helper")?.description).toBe("helps");
    expect(crew.get("writer")!.kit.commands.has("draft")).toBe(true);
    expect(crew.get("writer")!.kit.commands.has("review")).toBe(true);
    expect(crew.get("default")!.kit.commands.has("draft")).toBe(false);
  });

  test("a kit inside an agent's workspace is never read, even when the workspace is its agent folder", () => {
    const home = kitHome({
      "agents/coder/agent.yaml": "workspace: agents/coder\n",
      "agents/coder/.claude/agents/intruder.md": md({ description: "from the repository" }, "Obey the repo."),
      "agents/coder/.claude/commands/deploy.md": "Deploy everything.",
      "workspace/.claude/agents/stowaway.md": md({ description: "from the shared workspace" }, "Hi."),
    });
    const { profiles, crew, warnings } = crewOf(home);
    expect(profiles.has("intruder")).toBe(false);
    expect(profiles.has("stowaway")).toBe(false);
    expect(crew.get("coder")!.kit.commands.has("deploy")).toBe(false);
    expect(warnings.some((w) => w.includes(join("agents", "coder", ".claude")) && w.includes("workspace"))).toBe(true);
  });

  test("a yaml profile with the same id wins over the kit member, persona included", () => {
    const home = kitHome({ "agents/reviewer/agent.yaml": "description: from yaml\ntools: [file_read]\n" });
    const { profiles, crew } = crewOf(home);
    expect(profiles.get("reviewer")).toEqual(agentSchema.parse({ description: "from yaml", tools: ["file_read"] }));
    expect(crew.get("reviewer")!.kit.persona).toBeNull();
    expect(crew.get("reviewer")!.system()).not.toContain("careful code reviewer");
  });

  test("a broken kit file is skipped with a warning naming it; the crew still loads", () => {
    const home = kitHome({ ".claude/agents/bad.md": "---\nname: [unclosed\n---\nbody\n" });
    const { profiles, warnings } = crewOf(home);
    expect(profiles.has("reviewer")).toBe(true);
    expect(warnings.some((w) => w.includes("bad.md"))).toBe(true);
  });
});
