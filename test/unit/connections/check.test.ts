// Live checks (O-13) against a local fake server speaking the providers' and Telegram's answers: ok
// or failed with a short sentence, and never the checked key — even when the server echoes it.
import { afterAll, describe, expect, test } from "bun:test";
import { catalogueRow, type CatalogueRow, type LiveCheck } from "../../../src/connections/catalogue.ts";
import { runCheck } from "../../../src/connections/check.ts";
import { T } from "../../../src/texts/vi.ts";

const KEY = "sk-live-check-0123456789";
const TOKEN = "123456:telegram-token-abcdef";

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/slow/models") await Bun.sleep(500);
    if (url.pathname === "/redirect/models") return Response.redirect("http://127.0.0.1:1/models", 302);
    if (url.pathname.endsWith("/v1/models") && req.headers.get("x-api-key") === KEY && req.headers.get("anthropic-version")) return Response.json({ data: [{ id: "claude" }] });
    if (url.pathname.endsWith("/models") && req.headers.get("authorization") === `Bearer ${KEY}`) return Response.json({ data: [{ id: "a" }, { id: "b" }] });
    if (url.pathname === "/ollama/v1/models" && !req.headers.get("authorization")) return Response.json({ data: [{ id: "llama3" }] });
    if (url.pathname === `/bot${TOKEN}/getMe`) return Response.json({ ok: true, result: { id: 1, username: "my_crew_bot" } });
    // Like some real APIs, the refusal quotes what it was given.
    return Response.json({ error: `bad key ${req.headers.get("authorization") ?? req.headers.get("x-api-key") ?? url.pathname}` }, { status: 401 });
  },
});
afterAll(() => server.stop(true));
const base = `http://127.0.0.1:${server.port}`;
const row = (name: string) => catalogueRow(name) as CatalogueRow & { check: LiveCheck };

describe("live checks", () => {
  test("an OpenAI-compatible key lists models at {base}/models", async () => {
    const r = await runCheck(row("OPENAI_API_KEY"), { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${base}/v1` });
    expect(r).toEqual({ ok: true, detail: expect.stringContaining("2") });
  });

  test("an Anthropic key lists models at {base}/v1/models with x-api-key", async () => {
    expect((await runCheck(row("ANTHROPIC_API_KEY"), { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: base })).ok).toBe(true);
  });

  test("a refused key fails with the status only, never the key the server echoed", async () => {
    for (const [name, baseVar, b] of [["OPENAI_API_KEY", "OPENAI_BASE_URL", `${base}/v1`], ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", base]] as const) {
      const wrong = `${KEY}-wrong`;
      const r = await runCheck(row(name), { [name]: wrong, [baseVar]: b });
      expect(r.ok).toBe(false);
      expect(r.detail).toContain("401");
      expect(r.detail).not.toContain("sk-");
    }
  });

  test("the Telegram token asks getMe and answers with the bot's name, not the token", async () => {
    const ok = await runCheck(row("TELEGRAM_BOT_TOKEN"), { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_BASE_URL: base });
    expect(ok).toEqual({ ok: true, detail: expect.stringContaining("@my_crew_bot") });
    const bad = await runCheck(row("TELEGRAM_BOT_TOKEN"), { TELEGRAM_BOT_TOKEN: "999:wrong-token", TELEGRAM_BASE_URL: base });
    expect(bad.ok).toBe(false);
    expect(bad.detail).not.toContain("wrong-token");
  });

  test("a keyless provider (ollama) is checked through its base URL", async () => {
    expect((await runCheck(row("OLLAMA_BASE_URL"), { OLLAMA_BASE_URL: `${base}/ollama/v1` })).ok).toBe(true);
  });

  test("unset, unreachable, slow and redirecting servers fail with a sentence", async () => {
    const unset = await runCheck(row("GROQ_API_KEY"), {});
    expect(unset).toEqual({ ok: false, detail: expect.stringContaining("GROQ_API_KEY") });
    const down = await runCheck(row("OPENAI_API_KEY"), { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "http://127.0.0.1:1/v1" });
    expect(down).toEqual({ ok: false, detail: expect.stringContaining("127.0.0.1:1") });
    const slow = await runCheck(row("OPENAI_API_KEY"), { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${base}/slow` }, 100);
    expect(slow).toEqual({ ok: false, detail: T.conn.checkTimeout(1) });
    const moved = await runCheck(row("OPENAI_API_KEY"), { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${base}/redirect` });
    expect(moved).toEqual({ ok: false, detail: expect.stringContaining("302") });
    for (const r of [down, slow, moved]) expect(r.detail).not.toContain(KEY);
  });
});
