// The SSE reader on bodies split at every awkward place: mid-line, between CR and LF, mid-UTF-8.
import { describe, expect, test } from "bun:test";
import { parseEvent, readSse, type SseEvent } from "../../../src/llm/sse.ts";

function body(parts: (string | Uint8Array)[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(typeof p === "string" ? enc.encode(p) : (p as Uint8Array<ArrayBuffer>));
      c.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const ev of readSse(stream)) out.push(ev);
  return out;
}

describe("readSse", () => {
  test("named and unnamed events, comments skipped, multi-line data joined", async () => {
    const events = await all(body([": keep-alive\n\nevent: ping\ndata: {}\n\ndata: a\ndata: b\n\ndata:[DONE]\n\n"]));
    expect(events).toEqual([
      { event: "ping", data: "{}" },
      { event: null, data: "a\nb" },
      { event: null, data: "[DONE]" },
    ]);
  });

  test("one event split into single characters parses as one", async () => {
    const text = 'event: content_block_delta\ndata: {"text":"hi"}\n\n';
    expect(await all(body(text.split("")))).toEqual([{ event: "content_block_delta", data: '{"text":"hi"}' }]);
  });

  test("CRLF line ends, even with CR and LF in different chunks", async () => {
    expect(await all(body(["data: x\r", "\n\r", "\ndata: y\r\n\r\n"]))).toEqual([
      { event: null, data: "x" },
      { event: null, data: "y" },
    ]);
  });

  test("a multi-byte character split across chunks is decoded whole", async () => {
    const bytes = new TextEncoder().encode("data: caf\u00e9 \u2603\n\n");
    expect(await all(body([bytes.slice(0, 10), bytes.slice(10, 13), bytes.slice(13)]))).toEqual([{ event: null, data: "caf\u00e9 \u2603" }]);
  });

  test("an unterminated last event is dropped", async () => {
    expect(await all(body(["data: done\n\ndata: half"]))).toEqual([{ event: null, data: "done" }]);
  });
});

describe("parseEvent", () => {
  test("a block with no data line is no event; a missing space after the colon is fine", () => {
    expect(parseEvent("event: ping")).toBeNull();
    expect(parseEvent("data:{}")).toEqual({ event: null, data: "{}" });
  });
});
