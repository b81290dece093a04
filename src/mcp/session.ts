// One MCP server over streamable HTTP (H-18), through the official SDK client: connect, list its tools,
// call one. Requests go only to the configured URL (H-19): the fetch handed to the SDK refuses any other
// address and never follows a redirect. Header values come from env (H-20) and are never logged.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool as McpToolInfo } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../config/config-schema.ts";
import { VERSION } from "../version.ts";

export type McpServerConfig = Config["mcp_servers"][string];
export type { CallToolResult, McpToolInfo };

export type McpSession = {
  tools: McpToolInfo[];
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
  /** Closes once the calls still running have ended (a reconnect replaced this session). */
  retire(): void;
  close(): Promise<void>;
};

/** How long one call may take. */
const CALL_TIMEOUT_MS = 120_000;
/** A server that pages its tool list forever stops here. */
const MAX_PAGES = 20;

/** Reads each header's value from its env variable; a missing one fails by name, never by value. */
export function headerValues(cfg: McpServerConfig, env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [header, name] of Object.entries(cfg.headers ?? {})) {
    const value = env[name]?.trim();
    if (!value) throw new Error(`header ${header} needs ${name}, which is not set`);
    out[header] = value;
  }
  return out;
}

export async function openSession(
  cfg: McpServerConfig,
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<McpSession> {
  const headers = headerValues(cfg, env);
  const target = new URL(cfg.url);
  const transport = new StreamableHTTPClientTransport(target, { fetch: pinnedFetch(target, headers) });
  const client = new Client({ name: "my-crew", version: VERSION });
  const opened = (async () => {
    await client.connect(transport, { timeout: timeoutMs });
    return await listAll(client, timeoutMs);
  })();
  opened.catch(() => {}); // a late failure after the deadline is already answered
  const scrub = scrubber(Object.values(headers));
  try {
    const tools = await withDeadline(opened, timeoutMs);
    const options = (signal: AbortSignal) => ({ signal, timeout: CALL_TIMEOUT_MS });
    const close = () => client.close().catch(() => {});
    let running = 0;
    let retired = false;
    return {
      tools,
      call: async (tool, args, signal) => {
        running++;
        try {
          return (await client.callTool({ name: tool, arguments: args }, undefined, options(signal))) as CallToolResult;
        } catch (e) {
          throw scrub(e);
        } finally {
          if (--running === 0 && retired) void close();
        }
      },
      retire: () => {
        retired = true;
        if (running === 0) void close();
      },
      close,
    };
  } catch (e) {
    await client.close().catch(() => {});
    throw scrub(e);
  }
}

/** An error whose text no longer holds a header value (a server may echo its request back in an error). */
function scrubber(secrets: string[]) {
  return (e: unknown): Error => {
    let text = e instanceof Error ? e.message : String(e);
    for (const s of secrets) text = text.split(s).join("[hidden]");
    return new Error(text);
  };
}

async function listAll(client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await client.listTools(cursor ? { cursor } : undefined, { timeout: timeoutMs });
    tools.push(...r.tools);
    cursor = r.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

/** Every request goes to the configured URL only, with the configured headers, and never follows a redirect. */
function pinnedFetch(target: URL, headers: Record<string, string>) {
  return (url: string | URL, init?: RequestInit): Promise<Response> => {
    if (new URL(url).href !== target.href) {
      return Promise.reject(new Error("the server tried to send a request to another address"));
    }
    const merged = new Headers(init?.headers);
    for (const [k, v] of Object.entries(headers)) merged.set(k, v);
    return fetch(target, { ...init, headers: merged, redirect: "error" });
  };
}

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
