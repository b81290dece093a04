// An MCP server's tool as a my-crew Tool: named `<server>__<tool>`, declared with the server's own input
// schema, deferred (H-24), asking before every run and never re-run after a restart unless the owner
// lists it in `read_only` (H-23). The server's readOnlyHint is carried for display and decides nothing.
import { z } from "zod";
import { defineTool, type Tool } from "../tools/define.ts";
import type { CallToolResult, McpServerConfig, McpToolInfo } from "./session.ts";

/** Providers accept tool names of [a-zA-Z0-9_-]{1,64}. */
const SAFE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * `<server>__<tool>` when that is a safe name; otherwise the unsafe characters become `_`, the name is cut to
 * 55 characters and `_` plus 8 hex digits of the original name's hash keep two such names apart.
 */
export function mcpToolName(server: string, tool: string): string {
  const plain = `${server}__${tool}`;
  if (SAFE_NAME.test(plain)) return plain;
  const hash = new Bun.CryptoHasher("sha256").update(plain).digest("hex").slice(0, 8);
  return `${plain.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 55)}_${hash}`;
}

export type CallFn = (tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<CallToolResult>;

export function mcpTool(server: string, cfg: McpServerConfig, info: McpToolInfo, call: CallFn): Tool {
  const readOnly = cfg.read_only.includes(info.name);
  const { $schema: _drop, ...schema } = info.inputSchema as Record<string, unknown>;
  return defineTool({
    name: mcpToolName(server, info.name),
    description: info.description?.trim() || info.title || info.name,
    // Any object passes here; the server validates its own arguments and answers with an error result.
    params: z.record(z.string(), z.unknown()),
    jsonSchema: { ...schema, type: "object" },
    requiresApproval: !readOnly,
    replaySafe: readOnly,
    deferred: true,
    origin: {
      kind: "mcp",
      server,
      ...(info.annotations?.readOnlyHint !== undefined ? { readOnlyHint: info.annotations.readOnlyHint } : {}),
    },
    summarize: (args) => JSON.stringify(args),
    execute: async (args, ctx) => {
      const result = await call(info.name, args, ctx.signal);
      const text = resultText(result);
      if (result.isError) throw new Error(`${server} answered with an error: ${text || "no reason given"}`);
      return text;
    },
  });
}

/** The text content as is; every other content type summarised in one line. */
export function resultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((c) => {
    switch (c.type) {
      case "text":
        return c.text;
      case "image":
      case "audio":
        return `[${c.type} ${c.mimeType}, ${Math.floor((c.data.length * 3) / 4)} bytes, not shown]`;
      case "resource":
        return "text" in c.resource ? c.resource.text : `[resource ${c.resource.uri}, not shown]`;
      case "resource_link":
        return `[resource link ${c.uri}]`;
      default:
        return "[content of an unknown type, not shown]";
    }
  });
  if (parts.length === 0 && result.structuredContent) return JSON.stringify(result.structuredContent);
  return parts.join("\n");
}
