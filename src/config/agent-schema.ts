// agent.yaml: the fixed key set of an agent profile (F-01, F-04). Secrets appear only as env var names.
// `<home>/agent.yaml` is the master's (`default`) profile; `<home>/agents/<id>/agent.yaml` are members.
import { z } from "zod";
import { cronExpr, envName, everyValue, route, routes, ttlSeconds } from "./shared.ts";

/** The master agent's id: the one the owner talks to (F-02, F-07). */
export const MASTER = "default";

/** A member's id is its folder's name under `<home>/agents/`: also used in URLs and `delegates`. */
export const agentId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, {
  error: "must be 1-40 lowercase letters, digits, - or _, starting with a letter or digit",
});

const schedule = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/i, { error: "must be letters, digits, - or _" }),
    name: z.string().optional(),
    enabled: z.boolean().default(true),
    cron: cronExpr.optional(),
    every: everyValue.optional(),
    prompt: z.string().min(1).optional(),
    command: z.string().min(1).optional(),
    script: z.string().min(1).optional(),
    then_prompt: z.string().min(1).optional(),
    approval_ttl_seconds: ttlSeconds.optional(),
  })
  .refine((s) => (s.cron ? 1 : 0) + (s.every ? 1 : 0) === 1, { error: "needs exactly one of cron or every" })
  .refine((s) => [s.prompt, s.command, s.script].filter(Boolean).length === 1, {
    error: "needs exactly one of prompt, command or script",
  });

export const telegramBlock = z.strictObject({
  token_env: envName,
  chat_id: z.number().int(),
  approval_ttl_seconds: z.number().int().min(60).max(43_200).optional(),
});

export const agentSchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  mode: z.enum(["chat", "work"]).default("chat"),
  routes: routes.optional(),
  escalation_route: route.optional(),
  /** Image reading (image_read, scanned PDF pages) and voice transcription chains; inherit like routes. */
  vision_routes: routes.optional(),
  audio_routes: routes.optional(),
  workspace: z.string().min(1).optional(),
  tools: z.array(z.string()).optional(),
  delegates: z.array(agentId).optional(),
  mcp: z.array(z.string()).optional(),
  skills_dirs: z.array(z.string()).optional(),
  schedules: z.array(schedule).default([]),
  memory_consolidate: cronExpr.optional(),
  script_calls: z.enum(["off", "gated"]).default("off"),
  browser: z.boolean().default(false),
  browser_hosts: z.array(z.string()).optional(),
  computer: z.boolean().default(false),
  computer_apps: z.array(z.string()).optional(),
  /** Shell commands run in bubblewrap when the machine has it; `network: false` also cuts them off the net. */
  sandbox: z.strictObject({ network: z.boolean().default(true) }).optional(),
  telegram: telegramBlock.optional(),
  autonomous: z.boolean().optional(),
  cost_cap_usd: z.number().min(0).optional(),
  max_steps: z.number().int().min(1).max(1000).optional(),
  approval_ttl_seconds: ttlSeconds.optional(),
});

export type AgentProfile = z.infer<typeof agentSchema>;
