// schedule_create (H-64, I-18, I-19, D-13): an agent proposes a recurring prompt job for itself. It always
// asks a person, whatever autonomy, auto_approve or the allow-list say: its askReason is the full prompt
// with its timing. Approved, it stores a `chat-…` row in created_schedules that the clock reads (I-20).
import { z } from "zod";
import { cronExpr, everyValue, ttlSeconds } from "../config/shared.ts";
import { TScheduleCreate } from "../texts/vi-schedule-create.ts";
import { defineTool } from "./define.ts";

export const SCHEDULE_CREATE = "schedule_create";

/** What an approved call asks to store: a prompt job of `agentId`, exactly one of cron and every. */
export type ProposedSchedule = {
  agentId: string;
  conversationId: string | null;
  name?: string;
  cron: string | null;
  every: string | null;
  prompt: string;
  approvalTtlSeconds: number | null;
};

/** Where an approved schedule is written (the turn host gives the store's); answers the new schedule's id. */
export interface ScheduleBook {
  create(input: ProposedSchedule): { id: string };
}

const params = z
  .object({
    name: z.string().trim().max(200).optional().describe("A short name for the schedule, shown to the owner."),
    cron: cronExpr
      .optional()
      .describe("A five-field cron expression in the owner's time zone, e.g. 0 7 * * * for every day at 07:00."),
    every: everyValue.optional().describe("An interval instead of cron: a number and s, m, h or d, e.g. 30m, 2h, 1d."),
    prompt: z
      .string()
      .trim()
      .min(1)
      .max(20_000)
      .describe(
        "The message you will receive at each run, complete in itself: nobody watches these runs, and " +
          "you will not see this conversation then.",
      ),
    approval_ttl_seconds: ttlSeconds
      .optional()
      .describe("How long a run waits for the owner's approval of a tool call before it is refused."),
  })
  .refine((a) => (a.cron ? 1 : 0) + (a.every ? 1 : 0) === 1, {
    error: "give exactly one of cron or every",
    path: ["cron"],
  });

type Args = z.output<typeof params>;

export const scheduleCreate = defineTool({
  name: SCHEDULE_CREATE,
  description:
    "Create a recurring job for yourself: at each time of the schedule you receive the prompt in a new " +
    "conversation and work on it unattended. The owner always has to approve the schedule first.",
  params,
  requiresApproval: true,
  askReason: (args) => TScheduleCreate.scheduleReason(cardTiming(args), args.name ?? "", args.prompt),
  summarize: (args) => `${args.cron ?? `every ${args.every}`}: ${args.prompt}`,
  async execute(args, ctx) {
    if (!ctx.schedules) throw new Error("schedules cannot be created in this turn; tell the owner instead.");
    const row = ctx.schedules.create({
      agentId: ctx.agentId,
      conversationId: ctx.conversationId,
      name: args.name || undefined,
      cron: args.cron ?? null,
      every: args.every ?? null,
      prompt: args.prompt,
      approvalTtlSeconds: args.approval_ttl_seconds ?? null,
    });
    const timing = args.cron ? `on cron "${args.cron}"` : `every ${args.every}`;
    return `Schedule created as job ${ctx.agentId}/${row.id}: the prompt will run ${timing} in the owner's time ` +
      `zone, starting from the next due time. The owner can pause or delete it on the Jobs page.`;
  },
});

function cardTiming(args: Args): string {
  return args.cron ? TScheduleCreate.cronTiming(args.cron) : TScheduleCreate.everyTiming(args.every!);
}
