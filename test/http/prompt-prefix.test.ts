// G-07 through the real path: two turns of the master, sent over HTTP, reach a provider speaking the
// OpenAI wire format with byte-identical system prompts (persona and roster included); a persona edit
// reaches the next turn without a reload.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { testApp } from "../helpers/app.ts";
import { collect } from "../helpers/sse.ts";
import { startWireServer } from "../helpers/wire-server.ts";
import { oa } from "../unit/llm/wire.ts";

const wire = startWireServer();
afterAll(() => wire.stop());

describe("the system prompt on the wire", () => {
  test("is byte-identical across two turns; the persona is read each turn", async () => {
    const env = { MY_AGENT_ROUTES: "openai:m-1", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${wire.url}/v1` };
    const t = await testApp([], env);
    writeFileSync(join(t.root, "persona.md"), "Xưng là trợ lý.");
    mkdirSync(join(t.root, "agents", "coach"), { recursive: true });
    writeFileSync(join(t.root, "agents", "coach", "agent.yaml"), "name: Coach\ndescription: Keeps the owner fit.\n");
    expect((await t.request("/api/agents/reload", { method: "POST" })).status).toBe(200);
    // Enough answers for the turns and any title side call in between.
    for (let i = 0; i < 6; i++) wire.reply({ chunks: oa.answer("ok") });
    const id = ((await (await t.json("/api/conversations", "POST", {})).json()) as { id: string }).id;
    const turn = async (text: string) => collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }));
    const systems = () =>
      wire.requests
        .map((r) => (r.body as { messages: { role: string; content: string }[] }).messages[0]!)
        .filter((m) => m.role === "system" && m.content.startsWith("You are my-crew"))
        .map((m) => m.content);

    expect((await turn("một")).at(-1)!.type).toBe("done");
    expect((await turn("hai")).at(-1)!.type).toBe("done");
    const [first, second] = systems();
    expect(first).toContain("Xưng là trợ lý.");
    expect(first).toContain("- coach (Coach): Keeps the owner fit.");
    expect(second).toBe(first!);

    writeFileSync(join(t.root, "persona.md"), "Xưng là em.");
    expect((await turn("ba")).at(-1)!.type).toBe("done");
    const third = systems()[2]!;
    expect(third).toContain("Xưng là em.");
    expect(third).not.toContain("Xưng là trợ lý.");
    expect(systems().length).toBe(3);
  });
});
