// #connections as rendered: secrets only as "set", never in an input's value; URLs and routes shown;
// other variables by name; route problems listed; a check button only where a check can run.
import { describe, expect, test } from "bun:test";
import { connectionsStatus, type ConnectionsStatus } from "../../../src/connections/status.ts";
import { T } from "../../../src/texts/vi.ts";
import { connectionsSection } from "../../../views/manage/connections.ts";
import { connectionsFixture } from "./fixture.ts";

const KEY = "sk-view-test-0123456789";

async function render(data: ConnectionsStatus, flash?: { ok: boolean; detail: string }) {
  return String(await connectionsSection(data, flash));
}

describe("connections section", () => {
  test("a set secret shows its state and an empty password field; a URL shows its value", async () => {
    const f = await connectionsFixture({ OPENAI_API_KEY: KEY, OLLAMA_BASE_URL: "http://127.0.0.1:11434/v1", MY_AGENT_ROUTES: "fake:echo,groq:llama" });
    const out = await render(connectionsStatus(f.deps));
    expect(out).toStartWith('<div id="connections"');
    expect(out).not.toContain(KEY);
    const openaiRow = out.slice(out.indexOf('data-name="OPENAI_API_KEY"'), out.indexOf('data-name="OPENAI_BASE_URL"'));
    expect(openaiRow).toContain(T.conn.set);
    expect(openaiRow).toContain('type="password"');
    expect(openaiRow).toContain('value=""');
    expect(openaiRow).toContain('hx-post="/api/connections/check/OPENAI_API_KEY"');
    expect(out).toContain('value="http://127.0.0.1:11434/v1"');
    expect(out).toContain('placeholder="https://api.openai.com/v1"');
    expect(out).toContain('value="fake:echo,groq:llama"');
    expect(out).toContain("GROQ_API_KEY");
    const groqRow = out.slice(out.indexOf('data-name="GROQ_API_KEY"'), out.indexOf('data-name="GROQ_BASE_URL"'));
    expect(groqRow).toContain(T.conn.unset);
    expect(groqRow).not.toContain("/check/");
    for (const g of Object.values(T.conn.groups)) expect(out).toContain(`<h2>${g}</h2>`);
  });

  test("other variables are listed by name with add and remove; a flash and a no-route notice show", async () => {
    const data: ConnectionsStatus = { rows: [], other: [{ name: "SKILL_TOKEN", set: true }], route_problems: [], no_routes: true, mcp_servers: [], mcp_problems: [] };
    const out = await render(data, { ok: false, detail: "refused" });
    expect(out).toContain(T.conn.other);
    expect(out).toContain('data-name="SKILL_TOKEN"');
    expect(out).toContain(T.conn.confirmRemove("SKILL_TOKEN"));
    expect(out).toContain('<p class="flash card-warn" role="alert">refused</p>');
    expect(out).toContain(T.conn.noRoutes);
    expect(out).toContain('class="conn-form conn-add"');
  });
});
