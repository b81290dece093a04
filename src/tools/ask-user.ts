// ask_user: the agent asks the person a question, optionally with numbered choices (D-11). The loop
// never executes it: it reads `question`, pauses the turn (status waiting) and resumes with the answer.
import { z } from "zod";
import { defineTool } from "./define.ts";

export const ASK_MAX_OPTIONS = 9;

const params = z.object({
  question: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .describe("The question, written to the person in their language. Ask one clear thing and say why you need it."),
  options: z
    .array(z.string().trim().min(1).max(200))
    .max(ASK_MAX_OPTIONS)
    .optional()
    .describe(`Up to ${ASK_MAX_OPTIONS} short answers the person can pick from; they are shown as a numbered list ` +
        `and the person may still answer freely. Leave out for an open question.`),
});

export const askUser = defineTool({
  name: "ask_user",
  description:
    "Ask the person a question and wait for the answer, when you cannot continue well without it (a missing detail, " +
        "a choice between options only they can make). The turn pauses until they answer; if nobody answers in time " +
        "you are told so. Do not use it for things you can find out yourself.",
  params,
  requiresApproval: false,
  question: (args) => ({ question: args.question, options: args.options ?? [] }),
  summarize: (args) => args.question,
  async execute() {
    throw new Error("ask_user is answered by the person, not executed: the turn pauses for their answer. If you see " +
        "this, the question could not be shown; ask it in your reply instead.");
  },
});
