// Kits through the compiled binary on a home holding the sample `.claude/` tree (fake:echo routes):
// the kit member joins the crew, the blocking PreToolUse hook stops shell_run and the model reads its
// stderr, a kit command expands, a steer command joins the running turn, and skill toggles round-trip.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startBinary, stopAll } from "../helpers/binary.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { kitHome, md } from "../unit/kits/fixture.ts";

afterAll(stopAll);

// The Glob hook holds the turn until the test drops a `release` file in the workspace.
const holdGlob = {
  matcher: "Glob",
  hooks: [{ type: "command", command: "while [ ! -f release ]; do sleep 0.05; done; exit 0", timeout: 60 }],
};

describe("kits through the binary", () => {
  test("hook, commands, steer command and skill toggles on a home with a .claude/ kit", async () => {
    const home = kitHome({ "agents/coder/.claude/agents/unused.md": md({ description: "x" }, "y") });
    const settings = JSON.parse(await Bun.file(join(home, ".claude", "settings.json")).text());
    settings.hooks.PreToolUse.push(holdGlob);
    writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify(settings));
    await using r = await startBinary(["--port", "0", "--home", home], { env: { MY_AGENT_ROUTES: "fake:echo" } });
    const api = (path: string, method = "GET", body?: unknown) =>
      fetch(`${r.url}${path}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(r.stderr()).toContain("3 agent(s)");
    const conv = await (await api("/api/conversations", "POST", {})).json();
    const send = (text: string) => api(`/api/conversations/${conv.id}/messages`, "POST", { text });
    const say = async (text: string) => collect(await send(text), isEnd);

    // The PreToolUse hook blocks shell_run before the gate: no approval asked, the model reads stderr.
    const blocked = await say('/tool shell_run {"command":"echo hi"}');
    const result = blocked.find((f) => f.type === "tool_result")!;
    expect(result.status).toBe("refused");
    expect(result.output).toContain('shell is off in this crew ("tool_name":"Bash" "command":"echo hi")');
    expect(blocked.map((f) => f.type)).not.toContain("approval_required");
    expect(blocked.at(-1)!.text).toStartWith("shell_run: Blocked by a PreToolUse hook");

    // A kit command is stored as its expanded body; the echo model answers with it.
    const reviewed = await say("/review src/app.ts");
    expect(reviewed.at(-1)!.text).toBe("Review src/app.ts carefully and list every bug you find.");

    // A steer command sent while a turn runs is queued as a steer and answered inside that turn.
    const held = await send("/tool file_list {}");
    const queued = await say("/focus the tests");
    expect(queued).toEqual([expect.objectContaining({ type: "queued", kind: "steer" })]);
    writeFileSync(join(home, "workspace", "release"), "");
    const turn = await collect(held, isEnd);
    expect(turn.find((f) => f.type === "steer")?.text).toBe("Stop what you are doing and focus on the tests.");

    // Skill toggles: listed with always/enabled, switched on by PATCH, unknown names refused.
    const listed = await (await api(`/api/conversations/${conv.id}/skills`)).json();
    expect(listed.skills).toEqual([
      { name: "house-style", description: "The owner's writing style", always: true, enabled: true },
      { name: "x", description: "Explains things with one worked example", always: false, enabled: false },
    ]);
    const on = await api(`/api/conversations/${conv.id}`, "PATCH", { skills: ["x"] });
    expect(on.status).toBe(200);
    expect((await on.json()).skills).toEqual(["x"]);
    const bad = await api(`/api/conversations/${conv.id}`, "PATCH", { skills: ["house-style"] });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toContain("house-style");
    expect((await (await api(`/api/conversations/${conv.id}`)).json()).skills).toEqual(["x"]);
  });
});
