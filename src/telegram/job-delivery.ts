// What a prompt job's run says in the owner's chat (L-64…L-70): its final turn's assistant text, `[Name]`
// first for a member, then a cut-short line for a halted or error run; an unfinished-run notice when the
// turn left no text; first the tools an expired approval denied. A pure function of the run's facts.
import type { HaltReason, RunStatus } from "../models/runs.ts";
import { prefixed } from "../scheduler/notices.ts";
import { TJobDelivery as T } from "../texts/vi-tg-media.ts";

/** One message to the chat; `workspace` is where its `MEDIA:`/`FILE:` paths resolve (L-65). */
export type JobMessage = { text: string; workspace: string };

/** The facts of a prompt job's run that its delivery reads (gathered by job-run.ts). */
export type JobRunFacts = {
  /** The member's display name for the `[Name]` prefix; null for the master. */
  speaker: string | null;
  workspace: string;
  status: RunStatus;
  haltReason: HaltReason | null;
  /** The run's own summary: an error's sentence. */
  summary: string | null;
  spentUsd: number;
  unknownCostCalls: number;
  steps: number;
  /** The assistant texts of the final turn, in order. */
  texts: string[];
  /** Tools whose approval (or question) expired in the turn (L-67). */
  expiredTools: string[];
  /** What the turn still waits for, when it paused. */
  pending: { kind: "approval" | "question"; tool: string } | null;
};

/** Nothing to report (L-70), or the messages to send in order. */
export type JobDelivery = { kind: "nothing" } | { kind: "send"; messages: JobMessage[] };

/** "OK" alone, any case, trailing dots or exclamation marks ignored (L-70). */
const NOTHING_TO_REPORT = /^ok[.!]*$/i;
/** A text opening with an attachment line keeps that line whole, so the prefix goes on a line of its own. */
const ATTACHMENT_FIRST = /^(MEDIA|FILE):/;

export function jobDelivery(f: JobRunFacts): JobDelivery {
  const text = f.status === "waiting" ? "" : f.texts.map((t) => t.trim()).filter(Boolean).join("\n\n");
  if (f.status === "done" && NOTHING_TO_REPORT.test(text)) return { kind: "nothing" };
  const lines: string[] = [];
  if (f.expiredTools.length > 0) lines.push(T.expired([...new Set(f.expiredTools)].join(", ")));
  if (!text) lines.push(T.unfinished(T.summary(stateOf(f), f.steps, spendOf(f))));
  else {
    lines.push(text);
    const reason = f.status === "halted" ? haltWords(f.haltReason) : f.status === "error" ? errorOf(f) : null;
    if (reason) lines.push(T.cutShort(reason, spendOf(f)));
  }
  const say = (line: string) =>
    f.speaker && ATTACHMENT_FIRST.test(line)
      ? `${prefixed(f.speaker, "").trimEnd()}\n${line}`
      : prefixed(f.speaker, line);
  return { kind: "send", messages: lines.map((line) => ({ text: say(line), workspace: f.workspace })) };
}

function stateOf(f: JobRunFacts): string {
  if (f.status === "waiting" && f.pending?.kind === "question") return T.waitingQuestion;
  if (f.status === "waiting") return T.waitingApproval(f.pending?.tool ?? "?");
  if (f.status === "halted") return haltWords(f.haltReason);
  if (f.status === "error") return errorOf(f);
  if (f.status === "done") return T.emptyDone;
  return T.stopped;
}

function haltWords(reason: HaltReason | null): string {
  return T.halted[reason ?? "max_steps"];
}

/** An error's reason is already a sentence (L-68): kept, its final stop dropped to fit the line. */
function errorOf(f: JobRunFacts): string {
  return f.summary?.trim().replace(/[.。]+$/, "") || T.errorUnknown;
}

function spendOf(f: JobRunFacts): string {
  const usd = String(Number(f.spentUsd.toFixed(4)));
  return T.spend(usd, f.unknownCostCalls);
}
