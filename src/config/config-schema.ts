// config.yaml: a whitelist of machine-level keys (O-01, O-03). Unknown keys are errors; no secrets here.
// Defaults follow ../shared/spec/decisions.md; docs/config.md documents every key.
import { z } from "zod";
import { envName, ianaZone, route, routes, ttlSeconds } from "./shared.ts";

const mcpServer = z.strictObject({
  url: z.url({ error: "must be the server's streamable HTTP URL" }),
  headers: z.record(z.string(), envName).optional(),
  read_only: z.array(z.string()).default([]),
});

export const configSchema = z.strictObject({
  timezone: ianaZone.optional(),
  approval_ttl_seconds: ttlSeconds.default(600),
  tool_output_chars: z.number().int().min(500).max(1_000_000).default(12_000),
  max_steps: z.number().int().min(1).max(1000).default(30),
  // Past this share of the model's context window the oldest turns are summarised (docs/context.md).
  compact_at_percent: z.number().int().min(20).max(95).default(70),
  // A route's context window in tokens when the built-in table does not know it (a local model's num_ctx).
  context_windows: z.record(route, z.number().int().min(1024).max(10_000_000)).default({}),
  cost_cap_usd: z.number().min(0).default(1),
  mcp_servers: z.record(z.string().regex(/^[a-z0-9_-]+$/i), mcpServer).default({}),
  vision_routes: routes.optional(),
  audio_routes: routes.optional(),
  browser_enabled: z.boolean().default(false),
  web_url: z.url().optional(),
});

export type Config = z.infer<typeof configSchema>;
