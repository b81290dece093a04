// The agents API and `agent add` through the compiled binary (F-14…F-16, F-22, F-23): the templates are
// embedded (the binary runs from an empty directory), an API install joins the running crew, a CLI
// install is picked up by a reload, and a refused save leaves the file's bytes unchanged.
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binaryPath, runBinary, startBinary, stopAll, tempDir } from "../helpers/binary.ts";

afterAll(stopAll);

const ENV = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
type Agent = { id: string; name?: string; mode?: string; routes?: string[]; live?: boolean; broken: string | null };

/** The binary copied alone into an empty directory, so nothing can be read from the source tree. */
function loneBinary(): { bin: string; cwd: string } {
  const cwd = tempDir("alone");
  const bin = join(cwd, "my-crew");
  copyFileSync(binaryPath(), bin);
  return { bin, cwd };
}

describe("agents through the binary", () => {
  test("API install joins the running crew; GET lists master first; a save that would break is refused", async () => {
    const { bin, cwd } = loneBinary();
    const home = tempDir("agents-api");
    await using r = await startBinary(["--port", "0", "--home", home], { bin, cwd, env: ENV });
    const post = (path: string, body?: unknown) =>
      fetch(`${r.url}${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
    const installed = await post("/api/agents/install", { template: "developer" });
    expect(installed.status).toBe(201);
    const body = { installed: ["developer", "researcher", "advisor"], restart_required: [] };
    expect(await installed.json()).toMatchObject(body);
    const persona = readFileSync(join(home, "agents", "developer", "persona.md"), "utf8");
    expect(persona).toStartWith("# Lập trình viên\n");
    expect(persona.length).toBeGreaterThan(1000);

    const list = (await (await fetch(`${r.url}/api/agents`)).json()) as { agents: Agent[]; templates: object[] };
    expect(list.agents.map((a) => a.id)).toEqual(["default", "advisor", "developer", "researcher"]);
    const developer = { name: "Lập trình viên", mode: "work", routes: ["fake:echo"], live: false };
    expect(list.agents[2]).toMatchObject(developer);
    expect(list.templates.length).toBe(3);

    expect((await post("/api/agents/install", { template: "advisor" })).status).toBe(409);
    const unknown = await post("/api/agents/install", { template: "chef" });
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain("chef");

    const file = join(home, "agents", "developer", "agent.yaml");
    const before = readFileSync(file);
    const put = (yaml: string) =>
      fetch(`${r.url}/api/agents/developer`, { method: "PUT", body: JSON.stringify({ yaml }) });
    const refused = await put("mode: turbo\n");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('key \\"mode\\"');
    expect(readFileSync(file)).toEqual(before);

    const saved = await put("name: Coder\nmode: work\n");
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ agent: { name: "Coder" }, restart_required: [] });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = (await (await fetch(`${r.url}/api/agents`)).json()) as { agents: Agent[] };
    expect(again.agents.find((a) => a.id === "developer")!.name).toBe("Coder");
  });

  test("agent add installs from the CLI, a running server takes it on reload, a broken member is listed", async () => {
    const { bin, cwd } = loneBinary();
    const home = tempDir("agents-cli");
    const add = runBinary(["agent", "add", "researcher", "--home", home], {}, bin);
    expect(add.stderr).toBe("");
    expect(add.code).toBe(0);
    expect(add.stdout).toStartWith(`installed researcher in ${join(home, "agents")};`);
    const again = runBinary(["agent", "add", "researcher", "--home", home], {}, bin);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('my-crew: agent "researcher" already exists in this home; nothing was written\n');
    const unknown = runBinary(["agent", "add", "chef", "--home", home], {}, bin);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no template "chef"');

    mkdirSync(join(home, "agents", "broken"));
    writeFileSync(join(home, "agents", "broken", "agent.yaml"), "max_steps: lots\n");
    await using r = await startBinary(["--port", "0", "--home", home], { bin, cwd, env: ENV });
    expect(r.stderr()).toContain("2 agent(s), 1 broken");
    const ids = async () => {
      const body = (await (await fetch(`${r.url}/api/agents`)).json()) as { agents: Agent[] };
      return body.agents.map((a) => `${a.id}${a.broken === null ? "" : " (broken)"}`);
    };
    expect(await ids()).toEqual(["default", "broken (broken)", "researcher"]);

    // Installed while the server runs: on disk at once, in the crew after a reload (F-16).
    const repo = tempDir("repo");
    const dev = runBinary(["agent", "add", "developer", "--workspace", repo, "--home", home], {}, bin);
    expect(dev.stdout).toContain("installed developer, advisor");
    expect(dev.stdout).toContain("kept: researcher");
    expect(readFileSync(join(home, "agents", "developer", "agent.yaml"), "utf8")).toContain(`workspace: "${repo}"`);
    expect(await ids()).toEqual(["default", "broken (broken)", "researcher"]);
    writeFileSync(join(home, "agents", "broken", "agent.yaml"), "name: Fixed\n");
    const reload = await fetch(`${r.url}/api/agents/reload`, { method: "POST" });
    expect(reload.status).toBe(200);
    expect(((await reload.json()) as { restart_required: string[] }).restart_required).toEqual([]);
    expect(await ids()).toEqual(["default", "advisor", "broken", "developer", "researcher"]);
    const detail = (await (await fetch(`${r.url}/api/agents/developer`)).json()) as { agent: { workspace: string } };
    expect(detail.agent.workspace).toBe(repo);
  });
});
