// How each client fails, the same way for both wire formats: HTTP statuses, a connection cut
// mid-stream, a refused connection, and an abort through the request's signal. Never a throw.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Provider, StreamItem } from "../../../src/llm/types.ts";
import { until } from "../../helpers/wait.ts";
import { closedPort, startWireServer, type WireServer } from "../../helpers/wire-server.ts";
import { an, anthropic, collect, KEY, last, oa, openai, request } from "./wire.ts";

let wire: WireServer;
beforeEach(() => (wire = startWireServer()));
afterEach(() => wire.stop());

const clients: { name: string; make: (base: string) => Provider; partial: string[]; errorBody: (msg: string, type: string) => string }[] = [
  {
    name: "openai",
    make: openai,
    partial: [oa.delta({ role: "assistant", content: "" }), oa.text("Hello, ")],
    errorBody: (message, type) => JSON.stringify({ error: { message, type, code: type } }),
  },
  {
    name: "anthropic",
    make: anthropic,
    partial: [an.start(), an.block(0, { type: "text", text: "" }), an.delta(0, { type: "text_delta", text: "Hello, " })],
    errorBody: (message, type) => JSON.stringify({ type: "error", error: { type, message } }),
  },
];

function errorOf(items: StreamItem[]) {
  const end = last(items);
  if (end.kind !== "error") throw new Error(`expected an error item, got ${JSON.stringify(end)}`);
  return end.error;
}

describe.each(clients)("$name failures", ({ make, partial, errorBody }) => {
  test("HTTP 429 and 500 are transient http errors with their status", async () => {
    wire.reply({ status: 429, chunks: [errorBody("Rate limit reached", "rate_limit_error")] }, { status: 500, chunks: ["oops"] });
    const limited = errorOf(await collect(make(wire.url).stream(request())));
    const broken = errorOf(await collect(make(wire.url).stream(request())));
    expect(limited).toMatchObject({ kind: "http", status: 429, transient: true, code: "rate_limit_error" });
    expect(limited.message).toContain("Rate limit reached");
    expect(broken).toMatchObject({ kind: "http", status: 500, transient: true });
    expect(broken.message).toContain("oops");
  });

  test("HTTP 401 and 400 are not transient; the message comes from the body and never holds the key", async () => {
    wire.reply(
      { status: 401, chunks: [errorBody(`Incorrect API key provided: ${KEY}`, "authentication_error")] },
      { status: 400, chunks: [errorBody("messages: field required", "invalid_request_error")] },
    );
    const denied = errorOf(await collect(make(wire.url).stream(request())));
    const rejected = errorOf(await collect(make(wire.url).stream(request())));
    expect(denied).toMatchObject({ kind: "http", status: 401, transient: false });
    expect(denied.message).toContain("Incorrect API key provided");
    expect(denied.message).not.toContain(KEY);
    expect(rejected).toMatchObject({ kind: "http", status: 400, transient: false });
    expect(rejected.message).toContain("messages: field required");
  });

  test("a long error body is shortened", async () => {
    wire.reply({ status: 400, chunks: [errorBody("x".repeat(5000), "invalid_request_error")] });
    const error = errorOf(await collect(make(wire.url).stream(request())));
    expect(error.message.length).toBeLessThan(400);
  });

  test("a connection cut mid-stream keeps what streamed, then a transient connection error", async () => {
    wire.reply({ chunks: partial, then: "cut" });
    const items = await collect(make(wire.url).stream(request()));
    expect(items[0]).toEqual({ kind: "text", text: "Hello, " });
    expect(errorOf(items)).toMatchObject({ kind: "connection", transient: true });
    expect(errorOf(items).message).toContain("mid-stream");
  });

  test("a refused connection is a transient connection error", async () => {
    const items = await collect(make(`http://127.0.0.1:${closedPort()}`).stream(request()));
    expect(items).toHaveLength(1);
    expect(errorOf(items)).toMatchObject({ kind: "connection", transient: true });
  });

  test("aborting mid-stream ends promptly with an aborted error, and the server sees the request closed", async () => {
    wire.reply({ chunks: partial, then: "hang" });
    const controller = new AbortController();
    const items: StreamItem[] = [];
    const started = performance.now();
    for await (const item of make(wire.url).stream(request({ signal: controller.signal }))) {
      items.push(item);
      if (item.kind === "text") setTimeout(() => controller.abort(), 20);
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expect(errorOf(items)).toMatchObject({ kind: "aborted", transient: false });
    expect(await until(() => wire.requests[0]!.wasClosed(), Boolean)).toBe(true);
  });

  test("aborting before the response headers arrive also ends promptly", async () => {
    wire.reply({ respondAfterMs: 5000, chunks: partial });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    const items = await collect(make(wire.url).stream(request({ signal: controller.signal })));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(errorOf(items)).toMatchObject({ kind: "aborted", transient: false });
    expect(await until(() => wire.requests[0]!.wasClosed(), Boolean)).toBe(true);
  });

  test("an already aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const items = await collect(make(wire.url).stream(request({ signal: controller.signal })));
    expect(errorOf(items).kind).toBe("aborted");
    expect(wire.requests).toHaveLength(0);
  });

  test("a consumer that stops reading releases the connection", async () => {
    wire.reply({ chunks: partial, then: "hang" });
    for await (const item of make(wire.url).stream(request())) if (item.kind === "text") break;
    expect(await until(() => wire.requests[0]!.wasClosed(), Boolean)).toBe(true);
  });
});
