// Images on a user message: the exact body each client sends for them, and what the fakes do
// with them (the scripted fake keeps the request; fake:echo names the images it received).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { echoProvider, scriptedProvider } from "../../../src/llm/fake.ts";
import type { ChatMessage } from "../../../src/llm/types.ts";
import { startWireServer, type WireServer } from "../../helpers/wire-server.ts";
import { an, anthropic, collect, oa, openai, request, texts } from "./wire.ts";

let wire: WireServer;
beforeEach(() => (wire = startWireServer()));
afterEach(() => wire.stop());

const png = { mime: "image/png", data: "iVBORw0KGgo=" };
const jpeg = { mime: "image/jpeg", data: "/9j/4AAQ" };
const messages: ChatMessage[] = [{ role: "user", content: "What is on this receipt?", images: [png, jpeg] }];

describe("images in requests", () => {
  test("openai-compatible: text part, then one image_url part per image as a data URL", async () => {
    wire.reply({ chunks: oa.answer("ok") });
    await collect(openai(wire.url).stream(request({ messages })));
    const body = wire.requests[0]!.body as { messages: unknown[] };
    expect(body.messages).toEqual([{
      role: "user",
      content: [
        { type: "text", text: "What is on this receipt?" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        { type: "image_url", image_url: { url: "data:image/jpeg;base64,/9j/4AAQ" } },
      ],
    }]);
  });

  test("anthropic: base64 image blocks first, then the text block", async () => {
    wire.reply({ chunks: an.answer("ok") });
    await collect(anthropic(wire.url).stream(request({ messages })));
    const body = wire.requests[0]!.body as { messages: unknown[] };
    expect(body.messages).toEqual([{
      role: "user",
      content: [
        { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
        { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQ" } },
        { type: "text", text: "What is on this receipt?" },
      ],
    }]);
  });

  test("a user message without images keeps its plain string content on both wires", async () => {
    wire.reply({ chunks: oa.answer("ok") });
    wire.reply({ chunks: an.answer("ok") });
    await collect(openai(wire.url).stream(request()));
    await collect(anthropic(wire.url).stream(request({ messages: [{ role: "user", content: "hi", images: [] }] })));
    expect((wire.requests[0]!.body as { messages: unknown[] }).messages).toEqual([{ role: "user", content: "hi" }]);
    expect((wire.requests[1]!.body as { messages: unknown[] }).messages).toEqual([{ role: "user", content: "hi" }]);
  });

  test("the scripted fake records the images it was sent; fake:echo names them", async () => {
    const scripted = scriptedProvider([{ text: "a receipt" }]);
    await collect(scripted.stream(request({ messages })));
    expect(scripted.requests[0]!.messages[0]).toEqual(messages[0]!);
    const echoed = texts(await collect(echoProvider().stream(request({ messages }))));
    expect(echoed).toBe("What is on this receipt? [images: image/png,image/jpeg]");
  });
});
