// transcribe(path) through audio_routes (A-28, L-34, L-38, L-40): the multipart request an OpenAI-compatible
// route receives, the chain rules (retry, fallback), the 25 s cap, the Vietnamese reasons, the ledger rows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { echoProvider, scriptedProvider } from "../../../src/llm/fake.ts";
import type { LedgerRow } from "../../../src/llm/metered.ts";
import { createOpenAIProvider } from "../../../src/llm/openai.ts";
import { transcribe, TRANSCRIBE_TIMEOUT_MS } from "../../../src/llm/transcribe.ts";
import type { Provider, Route } from "../../../src/llm/types.ts";
import { TMedia } from "../../../src/texts/vi-media.ts";

type Seen = { path: string; auth: string | null; fields: Record<string, string>; file: { name: string; size: number } };
type Planned = { status: number; body: string } | "hang";
const plan: Planned[] = [];
const seen: Seen[] = [];
let server: ReturnType<typeof Bun.serve>;
const dir = mkdtempSync(join(tmpdir(), "mc-transcribe-"));
const voice = join(dir, "voice.ogg");

beforeAll(() => {
  writeFileSync(voice, Buffer.from("OggS fake voice bytes"));
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const form = await req.formData();
      const fields: Record<string, string> = {};
      let file = { name: "", size: 0 };
      for (const [k, v] of form) {
        if (typeof v === "string") fields[k] = v;
        else file = { name: v.name, size: v.size };
      }
      seen.push({ path: new URL(req.url).pathname, auth: req.headers.get("authorization"), fields, file });
      const next = plan.shift() ?? { status: 500, body: "{}" };
      if (next === "hang") return new Promise<Response>(() => {});
      return new Response(next.body, { status: next.status, headers: { "content-type": "application/json" } });
    },
  });
});
afterAll(() => server.stop(true));

const route = (provider: Provider, model: string): Route => ({ label: `${provider.name}:${model}`, provider, model });
const openai = () => createOpenAIProvider({ name: "openai", baseUrl: `${server.url}v1`, apiKey: "sk-SECRET-1234",
  audio: true });
const noSleep = { sleep: async () => {} };

function run(routes: Route[], timeoutMs?: number) {
  const rows: LedgerRow[] = [];
  seen.length = 0;
  const done = transcribe(voice, { routes, record: (r) => rows.push(r), timeoutMs, chain: noSleep });
  return { rows, done };
}

describe("transcribe", () => {
  test("an openai route gets the file as multipart at /audio/transcriptions; the text and a transcribe row come back",
    async () => {
      plan.push({ status: 200, body: JSON.stringify({ text: " Chào bạn ", usage: { type: "tokens",
        input_tokens: 40, output_tokens: 6 } }) });
      const { rows, done } = run([route(openai(), "gpt-4o-mini-transcribe")]);
      expect(await done).toMatchObject({ ok: true, text: "Chào bạn", route: "openai:gpt-4o-mini-transcribe" });
      expect(seen[0]).toEqual({ path: "/v1/audio/transcriptions", auth: "Bearer sk-SECRET-1234",
        fields: { model: "gpt-4o-mini-transcribe", response_format: "json" }, file: { name: "voice.ogg", size: 21 } });
      expect(rows).toMatchObject([{ purpose: "transcribe", provider: "openai", model: "gpt-4o-mini-transcribe",
        inputTokens: 40, outputTokens: 6 }]);
    });

  test("a transient failure is retried once on the same route; a refused route falls through to the next", async () => {
    plan.push({ status: 503, body: '{"error":{"message":"busy"}}' }, { status: 200, body: '{"text":"một"}' });
    expect(await run([route(openai(), "whisper-1")]).done).toMatchObject({ ok: true, text: "một" });
    expect(seen.length).toBe(2);
    const backup = scriptedProvider([{ text: "hai" }]);
    plan.push({ status: 400, body: '{"error":{"message":"bad model"}}' });
    const { rows, done } = run([route(openai(), "nope"), route(backup, "stt")]);
    expect(await done).toMatchObject({ ok: true, text: "hai", route: "scripted:stt" });
    expect(seen.length).toBe(1);
    expect(backup.transcriptions).toEqual([{ model: "stt", filename: "voice.ogg", bytes: 21 }]);
    expect(rows.map((r) => r.provider)).toEqual(["scripted"]);
  });

  test("every route failing gives the Vietnamese route-error reason, never the provider's message", async () => {
    plan.push({ status: 401, body: '{"error":{"message":"Incorrect API key sk-SECRET-1234"}}' });
    const r = await run([route(openai(), "whisper-1"), route(scriptedProvider([{ error: { message: "down" } }]), "x")])
      .done;
    expect(r).toEqual({ ok: false, reason: TMedia.routeError, cause: "route_error" });
  });

  test("the whole call is capped (25 s by default): a route that never answers gives the timeout reason", async () => {
    expect(TRANSCRIBE_TIMEOUT_MS).toBe(25_000);
    plan.push("hang");
    const r = await run([route(openai(), "whisper-1")], 100).done;
    expect(r).toEqual({ ok: false, reason: TMedia.timeout, cause: "timeout" });
  });

  test("no audio route, a missing file, an empty transcript: each has its own reason", async () => {
    expect(await transcribe(voice, { routes: [], record: () => {} })).toMatchObject({ reason: TMedia.noRoute });
    const rows: LedgerRow[] = [];
    const scripted = route(scriptedProvider([{ text: "  " }]), "stt");
    expect(await transcribe(join(dir, "gone.ogg"), { routes: [scripted], record: (r) => rows.push(r) }))
      .toMatchObject({ cause: "unreadable", reason: TMedia.unreadable });
    expect(await transcribe(voice, { routes: [scripted], record: (r) => rows.push(r) }))
      .toMatchObject({ cause: "unheard", reason: TMedia.unheard });
    expect(rows.map((r) => r.purpose)).toEqual(["transcribe"]);
  });

  test("fake:echo transcribes for free, naming the file", async () => {
    const { rows, done } = run([route(echoProvider(), "echo")]);
    expect(await done).toEqual({ ok: true, text: "(fake transcript of voice.ogg)", costUsd: 0, route: "fake:echo" });
    expect(rows[0]!.costUsd).toBe(0);
  });
});
