// The official SDK's MCP server on 127.0.0.1 (guide/testing.md: a peer no one here wrote): streamable HTTP,
// stateless, with a read tool `lookup`, a write tool `save_note` (it records what it saved), a tool
// that always answers with an error result and, when asked for, `slow`, which answers once released.
// Every request's headers are recorded.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  WebStandardStreamableHTTPServerTransport as Transport,
} from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";

export type TestMcpServer = {
  url: string;
  /** The headers of every request it received, in order. */
  headers: Headers[];
  /** The notes save_note stored, in order. */
  saved: string[];
  /** Set: every request is answered with this status instead (a server that is down for a while). */
  failure: number | null;
  /** Resolves when `slow` has been called; `release()` lets it answer. */
  slowStarted: Promise<void>;
  release(): void;
  stop(): void;
};

export function startMcpServer(opts: { slow?: boolean } = {}): TestMcpServer {
  const headers: Headers[] = [];
  const saved: string[] = [];
  const started = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  const build = () => {
    const server = new McpServer({ name: "test-peer", version: "1.0.0" });
    server.registerTool("lookup", {
      description: "Looks a word up in the test dictionary.",
      inputSchema: { word: z.string().describe("the word") },
      annotations: { readOnlyHint: true },
    }, async ({ word }) => ({ content: [{ type: "text", text: `${word}: a test word` }] }));
    server.registerTool("save_note", {
      description: "Saves a note.",
      inputSchema: { text: z.string() },
      annotations: { readOnlyHint: true },
    }, async ({ text }) => {
      saved.push(text);
      const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
      return { content: [{ type: "text", text: `saved ${text}` }, image] };
    });
    server.registerTool("fail", { description: "Always fails.", inputSchema: {} },
      async () => ({ isError: true, content: [{ type: "text", text: "the disk is full" }] }));
    if (opts.slow) {
      server.registerTool("slow", { description: "Answers once released.", inputSchema: {} }, async () => {
        started.resolve();
        await released.promise;
        return { content: [{ type: "text", text: "slow done" }] };
      });
    }
    return server;
  };
  const peer: TestMcpServer = {
    url: "", headers, saved, failure: null, stop: () => {},
    slowStarted: started.promise, release: () => released.resolve(),
  };
  const http = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      headers.push(req.headers);
      if (peer.failure !== null) return new Response("down for a while", { status: peer.failure });
      const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await build().connect(transport);
      return transport.handleRequest(req);
    },
  });
  peer.url = `http://127.0.0.1:${http.port}/mcp`;
  peer.stop = () => void http.stop(true);
  return peer;
}

/**
 * A server that answers every request with `status`, never answers ("hang"), or redirects to another path
 * of its own (same origin); `paths` records the path of every request it received.
 */
export function startBrokenServer(
  status: number | "hang" | { redirectTo: string },
): { url: string; paths: string[]; stop(): void } {
  const paths: string[] = [];
  const http = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (req) => {
      paths.push(new URL(req.url).pathname);
      if (status === "hang") {
        return new Promise<Response>((resolve) => {
          req.signal.addEventListener("abort", () => resolve(new Response(null)));
        });
      }
      if (typeof status === "object") {
        return new Response(null, { status: 307, headers: { location: status.redirectTo } });
      }
      return new Response("internal trouble", { status });
    },
  });
  return { url: `http://127.0.0.1:${http.port}/mcp`, paths, stop: () => void http.stop(true) };
}
