// defineTool: one tool = a zod parameter schema (its descriptions are the prompt text), the flags the
// approval gate reads, and `execute`, which throws on failure. Invalid arguments never reach execute:
// they become a result that tells the model how to fix its call.
import { z } from "zod";
import type { GatePolicy } from "../agent/gate.ts";
import type { VisionReader } from "../agent/vision.ts";
import type { ToolSpec } from "../llm/types.ts";
import type { CanvasPort } from "./artifact-port.ts";
import type { PastMessageSearch } from "./conversation-search.ts";
import type { Delegator } from "./delegate.ts";
import type { MemoryBook } from "./memory-book.ts";
import type { ScheduleBook } from "./schedule-create.ts";
import type { ScriptSupport } from "./script-support.ts";
import type { ShellConfinement } from "./sandbox.ts";

export type ToolContext = {
  /** Absolute, real path of the agent's workspace; every path argument resolves inside it. */
  workspace: string;
  signal: AbortSignal;
  agentId: string;
  conversationId: string | null;
  /** How shell commands are confined; absent = run directly (tool tests). */
  shell?: ShellConfinement;
  /** Sends a short progress line to whoever watches the turn (progress_note). */
  progress?: (text: string) => void;
  /** The id of the call being run (set per call by the loop): a re-issued call finds its own work (C-16). */
  callId?: string;
  /** Hands the loop what the result carries besides its text (set per call by the loop). */
  attach?: (extra: ToolExtra) => void;
  /** Runs delegated tasks; absent in a delegated turn, which cannot delegate further (F-09). */
  delegator?: Delegator;
  /** Stores an approved schedule_create (I-19); absent = schedules cannot be created here (tool tests). */
  schedules?: ScheduleBook;
  /** Reads images through the agent's vision_routes, charged to the conversation; absent = none configured. */
  vision?: VisionReader;
  /** The gate's policy of this turn (set by the loop): tool_script judges its gated calls with it (H-34). */
  policy?: () => GatePolicy;
  /** What tool_script needs from the turn: script_store, side-call metering (H-33, H-41); absent = none. */
  script?: ScriptSupport;
  /** The memory tools' files and proposals (src/memory/book.ts); absent = no memory here (tool tests). */
  memory?: MemoryBook;
  /** Searches this agent's own past conversations (conversation_search, G-11); absent = not here. */
  pastMessages?: PastMessageSearch;
  /** The agent's canvases (H-60); absent = the canvas tools cannot run here. */
  canvases?: CanvasPort;
};

/** What a result may carry besides its text (delegate). */
export type ToolExtra = {
  /** What a delegated child spent: added to the conversation with the result, so exactly once (C-17). */
  delegatedSpend?: { usd: number; unknownCalls: number };
  /** The result may stand, verbatim, as the turn's final answer (F-12 relay). */
  relay?: string;
};

export type ToolDef<P extends z.ZodType> = {
  name: string;
  description: string;
  params: P;
  /** State-changing tools ask the owner unless the conversation/agent is autonomous (D-02). */
  requiresApproval: boolean;
  /** "Running it again changes nothing": may be re-executed after a restart (C-25). Default false. */
  replaySafe?: boolean;
  /** Not declared to the model until tool_search loads it (H-24). */
  deferred?: boolean;
  /** Where the tool comes from when it is not built in; readOnlyHint is the server's own claim, shown only. */
  origin?: { kind: "mcp"; server: string; readOnlyHint?: boolean };
  /** Declared as-is instead of `params`' JSON Schema (an MCP tool's inputSchema); `params` still validates. */
  jsonSchema?: Record<string, unknown>;
  /**
   * Forces a pause before any exemption (D-13…D-15): return null for "no forced ask", a sentence to
   * show on the card, or "" / throw — both still pause (fail closed).
   */
  askReason?: (args: z.output<P>) => string | null;
  /** A hard refusal no approval can override (D-04): a sentence when the call can never run. */
  refuse?: (args: z.output<P>, ctx: ToolContext) => string | null | Promise<string | null>;
  /** Tools that ask the person instead of executing (ask_user) return the question here. */
  question?: (args: z.output<P>) => { question: string; options: string[] };
  /** One-line argument summary for cards and approval bars. */
  summarize?: (args: z.output<P>) => string;
  execute: (args: z.output<P>, ctx: ToolContext) => Promise<string>;
};

/** A tool with its parameter type erased, as the loop and the gate hold it. */
export type Tool = ToolDef<z.ZodType> & { replaySafe: boolean };

export function defineTool<P extends z.ZodType>(def: ToolDef<P>): Tool {
  return { ...def, replaySafe: def.replaySafe ?? false } as unknown as Tool;
}

// A tool object never changes once built (a crew build makes new ones), and converting its zod schema is
// a large share of a turn's CPU: each tool's declaration is built once and shared, never mutated.
const specs = new WeakMap<Tool, ToolSpec>();

/** The declaration a provider sends to the model; the same object for the same tool. */
export function toolSpec(tool: Tool): ToolSpec {
  let spec = specs.get(tool);
  if (!spec) {
    spec = buildSpec(tool);
    specs.set(tool, spec);
  }
  return spec;
}

function buildSpec(tool: Tool): ToolSpec {
  if (tool.jsonSchema) return { name: tool.name, description: tool.description, parameters: tool.jsonSchema };
  const schema = z.toJSONSchema(tool.params, { target: "draft-7", io: "input" }) as Record<string, unknown>;
  delete schema.$schema;
  return { name: tool.name, description: tool.description, parameters: schema };
}

export type ParsedArgs = { ok: true; args: unknown } | { ok: false; message: string };

/** Parses raw JSON arguments; on failure the message says what to change, key by key. */
export function parseToolArgs(tool: Tool, raw: string): ParsedArgs {
  let value: unknown;
  try {
    value = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    return { ok: false, message: `Invalid arguments for ${tool.name}: not valid JSON. Send one JSON object matching ` +
        `the tool's parameters.` };
  }
  const result = tool.params.safeParse(value);
  if (result.success) return { ok: true, args: result.data };
  const problems = result.error.issues.slice(0, 5).map((i) => `- ${i.path.join(".") || "(arguments)"}: ${i.message}`);
  return {
    ok: false,
    message: `Invalid arguments for ${tool.name}. Fix these and call it again:\n${problems.join("\n")}`,
  };
}

/** The one-line summary of a call, shortened for cards. */
export function summarizeCall(tool: Tool | undefined, args: unknown, raw: string): string {
  let text: string;
  try {
    text = tool?.summarize ? tool.summarize(args as never) : raw;
  } catch {
    text = raw;
  }
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
