// delegate(agent, task) (F-08…F-13, H-64): hands one task to another agent of the crew, which runs one
// turn in a child conversation; its answer is this call's result. The work is done by the Delegator the
// turn host puts in the tool context; a delegated turn gets none, so it cannot delegate further (F-09).
import { z } from "zod";
import { defineTool, type Tool, type ToolContext } from "./define.ts";

export const DELEGATE = "delegate";

/** What one delegation produced: the result the model reads, and what the loop may do with it. */
export type DelegateResult = {
  output: string;
  /** Set when the task ended done: the child's answer, for the relay (F-12). */
  relay?: string;
  spend: { usd: number; unknownCalls: number };
};

export interface Delegator {
  /** Why this call cannot start a task (a sentence for the model), or null when it may. */
  refusal(agent: string, ctx: ToolContext): string | null;
  /**
   * Runs the task to its end (or finds the one this call already started) and returns its outcome. Cut
   * by the turn's signal, it stops the child, attaches what the child spent (ctx.attach), then throws.
   */
  run(agent: string, task: string, ctx: ToolContext): Promise<DelegateResult>;
}

const params = z.object({
  agent: z.string().trim().min(1).describe("The id of the crew member who should do the task."),
  task: z
    .string()
    .trim()
    .min(1)
    .max(20_000)
    .describe(
      "The task, complete in itself: the member sees only this text, not this conversation. Say what to do, " +
        "what you already know, and what the answer should contain.",
    ),
});

/** The tool as offered to an agent that may delegate to `targets` (ids with their display names). */
export function delegateTool(targets: { id: string; name: string }[]): Tool {
  const crew = targets.map((t) => (t.name === t.id ? t.id : `${t.id} (${t.name})`)).join(", ");
  return defineTool({
    name: DELEGATE,
    description:
      "Give one task to another agent of your crew and wait for its answer, which becomes this call's result. " +
      "It works in its own conversation, with its own tools and workspace, and cannot delegate further. " +
      `When the task is all the owner asked for, call delegate alone: its answer then goes to the owner as it is. ` +
      `Crew members you can delegate to: ${crew}.`,
    params,
    requiresApproval: false,
    // Re-issued after a restart it finds the task it already started instead of starting another (C-16).
    replaySafe: true,
    refuse: (args, ctx) => (ctx.delegator ? ctx.delegator.refusal(args.agent, ctx) : NOT_HERE),
    summarize: (args) => `${args.agent}: ${args.task}`,
    async execute(args, ctx) {
      if (!ctx.delegator) throw new Error(NOT_HERE);
      const r = await ctx.delegator.run(args.agent, args.task, ctx);
      ctx.attach?.({ delegatedSpend: r.spend, relay: r.relay });
      return r.output;
    },
  });
}

const NOT_HERE = "a delegated task cannot delegate further; do the work yourself or say what is missing.";
