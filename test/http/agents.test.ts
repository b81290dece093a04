// The agents API in process (F-14…F-16, F-22, F-23): install with its refusals, save validated before
// writing, reload with a broken member and a broken master. The compiled binary: agents-binary.test.ts.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRun } from "../../src/store/runs.ts";
import { testApp } from "../helpers/app.ts";
import { tempDir } from "../helpers/binary.ts";

const TOKEN = "123456:AAHsecretsecret";
type Listed = { agents: { id: string; name?: string; live?: boolean; broken: string | null; mode?: string }[] };

async function app() {
  const t = await testApp();
  const list = async () => (await (await t.request("/api/agents")).json()) as Listed;
  const memberFile = (id: string) => join(t.root, "agents", id, "agent.yaml");
  return { ...t, list, memberFile };
}

describe("install (F-14, F-16)", () => {
  test("a template and its peers join the running crew at once, files 0600, master listed first", async () => {
    const t = await app();
    const res = await t.json("/api/agents/install", "POST", { template: "advisor" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Listed & { installed: string[]; restart_required: string[] };
    expect(body.installed).toEqual(["advisor", "researcher"]);
    expect(body.restart_required).toEqual([]);
    expect(body.agents.map((a) => a.id)).toEqual(["default", "advisor", "researcher"]);
    expect(t.runtime.crew().get("advisor")!.delegates).toEqual(["researcher"]);
    expect(t.runtime.crew().get("default")!.system()).toContain("- advisor (Cố vấn)");
    expect(statSync(t.memberFile("advisor")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(t.root, "agents", "advisor", "persona.md"), "utf8")).toContain("# Cố vấn");
    // The developer pulls in the advisor and researcher, which are kept as they are.
    // A rebuild after a save in Connections keeps the crew as last read, not as it was at start.
    t.runtime.rebuild();
    expect([...t.runtime.crew().agents.keys()]).toEqual(["default", "advisor", "researcher"]);
    const dev = await t.json("/api/agents/install", "POST", { template: "developer" });
    expect(await dev.json()).toMatchObject({ installed: ["developer"], kept: ["researcher", "advisor"] });
  });

  test("unknown template 422 naming it, existing id 409, bad id or workspace 422: nothing written", async () => {
    const t = await app();
    await t.json("/api/agents/install", "POST", { template: "researcher" });
    const before = readFileSync(t.memberFile("researcher"));
    const cases: [object, number, string][] = [
      [{ template: "chef" }, 422, '"chef"'],
      [{ template: "researcher" }, 409, '"researcher"'],
      [{ template: "advisor", id: "default" }, 422, '"default"'],
      [{ template: "advisor", id: "Big Boss" }, 422, '"Big Boss"'],
      [{ template: "developer", workspace: "repo" }, 422, '"repo"'],
      [{ template: "developer", workspace: join(t.root, "nowhere") }, 422, "nowhere"],
      [{ template: "developer", workspace: t.root }, 422, "home"],
      [{ template: "developer", colour: "red" }, 422, "colour"],
    ];
    for (const [body, status, named] of cases) {
      const res = await t.json("/api/agents/install", "POST", body);
      const text = await res.text();
      expect(`${JSON.stringify(body)} ${res.status}`).toBe(`${JSON.stringify(body)} ${status}`);
      expect(text).toContain(named.replaceAll('"', '\\"'));
    }
    expect(readdirSync(join(t.root, "agents"))).toEqual(["researcher"]);
    expect(readFileSync(t.memberFile("researcher"))).toEqual(before);
  });

  test("two installs of one id at once: one 201, one 409; each accepted change emits jobs once", async () => {
    const t = await app();
    let jobs = 0;
    const hubJobs = t.runtime.hub.jobs.bind(t.runtime.hub);
    t.runtime.hub.jobs = () => {
      jobs++;
      hubJobs();
    };
    const both = await Promise.all([1, 2].map(() => t.json("/api/agents/install", "POST", { template: "researcher" })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(jobs).toBe(1);
    await t.json("/api/agents/researcher", "PUT", { yaml: "name: R\n" });
    await t.json("/api/agents/researcher", "PUT", { yaml: "mode: turbo\n" });
    await t.request("/api/agents/reload", { method: "POST" });
    expect(jobs).toBe(3);
  });

  test("a pinned workspace is written into the profile and used by the agent", async () => {
    const t = await app();
    const repo = tempDir("repo");
    const res = await t.json("/api/agents/install", "POST", { template: "developer", id: "coder", workspace: repo });
    expect(res.status).toBe(201);
    expect(readFileSync(t.memberFile("coder"), "utf8")).toContain(`workspace: ${JSON.stringify(repo)}`);
    expect(t.runtime.crew().get("coder")!.workspace).toBe(repo);
    expect(t.runtime.crew().get("researcher")!.workspace).toBe(join(t.root, "workspace"));
  });
});

describe("save (F-22)", () => {
  test("a valid save takes effect at once; a save that would break the file leaves its bytes unchanged", async () => {
    const t = await app();
    await t.json("/api/agents/install", "POST", { template: "researcher" });
    const save = { yaml: "name: Tra cứu\nmode: work\n", persona: "Ngắn gọn." };
    const ok = await t.json("/api/agents/researcher", "PUT", save);
    expect(ok.status).toBe(200);
    const saved = { agent: { name: "Tra cứu", mode: "work", max_steps: 100 }, restart_required: [] };
    expect(await ok.json()).toMatchObject(saved);
    expect(t.runtime.crew().get("researcher")!.system()).toContain("Ngắn gọn.");
    const before = readFileSync(t.memberFile("researcher"));
    const refusals: [string, object, string][] = [
      ["researcher", { yaml: "mode: turbo\n" }, 'key \\"mode\\"'],
      ["researcher", { yaml: "colour: red\n" }, 'unknown key \\"colour\\"'],
      ["researcher", { yaml: "name: [\n" }, "invalid YAML"],
      ["researcher", { yaml: "workspace: ..\n" }, 'key \\"workspace\\"'],
      ["researcher", { yaml: "telegram:\n  token_env: X\n  chat_id: 1\n" }, 'key \\"telegram\\"'],
      ["default", { yaml: `telegram:\n  token_env: ${TOKEN}\n  chat_id: 1\n` }, 'key \\"telegram.token_env\\"'],
    ];
    for (const [id, body, named] of refusals) {
      const res = await t.json(`/api/agents/${id}`, "PUT", body);
      const text = await res.text();
      expect(res.status).toBe(422);
      expect(text).toContain(named);
      expect(text).not.toContain("AAHsecret");
    }
    expect(readFileSync(t.memberFile("researcher"))).toEqual(before);
    expect(existsSync(join(t.root, "agent.yaml"))).toBe(false);
    expect(t.runtime.crew().get("researcher")!.name).toBe("Tra cứu");
    expect((await t.json("/api/agents/ghost", "PUT", { yaml: "" })).status).toBe(404);
  });
});

describe("GET and reload (F-23)", () => {
  test("a hand-edited crew is re-read: a broken member is listed with its error, the others run", async () => {
    const t = await app();
    mkdirSync(join(t.root, "agents", "coach"), { recursive: true });
    const schedule = "schedules:\n  - id: morning\n    cron: 0 7 * * *\n    prompt: hi\n";
    writeFileSync(t.memberFile("coach"), `name: Coach\n${schedule}`);
    mkdirSync(join(t.root, "agents", "bad"), { recursive: true });
    writeFileSync(t.memberFile("bad"), "max_steps: lots\n");
    expect((await t.list()).agents.map((a) => a.id)).toEqual(["default"]);
    const res = await t.request("/api/agents/reload", { method: "POST" });
    expect(res.status).toBe(200);
    const { agents } = (await res.json()) as Listed & { agents: { schedules?: object[] }[] };
    expect(agents.map((a) => a.id)).toEqual(["default", "bad", "coach"]);
    expect(agents[1]!.broken).toStartWith(`${t.memberFile("bad")}: key "max_steps"`);
    expect(agents[2]).toMatchObject({ name: "Coach", broken: null, live: false });
    const morning = { id: "morning", name: null, enabled: true, cron: "0 7 * * *", every: null, origin: "profile" };
    expect(agents[2]!.schedules).toEqual([morning]);
    createRun(t.store, { agentId: "coach", source: "job:coach/morning" });
    expect((await t.list()).agents.find((a) => a.id === "coach")!.live).toBe(true);
    // Fixing the broken member from the web is a save like any other.
    expect((await t.json("/api/agents/bad", "PUT", { yaml: "max_steps: 5\n" })).status).toBe(200);
    expect((await t.list()).agents.find((a) => a.id === "bad")!.broken).toBeNull();
  });

  test("a broken master file refuses the reload and keeps the running crew", async () => {
    const t = await app();
    await t.json("/api/agents/install", "POST", { template: "researcher" });
    writeFileSync(join(t.root, "agent.yaml"), "mode: turbo\n");
    writeFileSync(t.memberFile("researcher"), "name: Changed\n");
    const res = await t.request("/api/agents/reload", { method: "POST" });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("agent.yaml: key");
    expect(t.runtime.crew().get("researcher")!.name).toBe("Nghiên cứu viên");
  });
});
