// The texts a failure streak sends (L-71, L-72, L-76, L-77, I-32): the first notice, later reminders and the
// recovery line, each prefixed `[Name]` when a member agent's job sends it.
import { MASTER } from "../config/agent-schema.ts";
import { dateFormat } from "../config/formatters.ts";
import { TJ } from "../texts/vi-jobs.ts";
import type { Job } from "./types.ts";

/** L-72: a reason longer than this keeps its first HEAD and last TAIL characters around "…". */
const KEEP = 600;
const HEAD = 200;
const TAIL = 400;

/** Where a streak stands when a notice goes out. */
export type StreakAt = { count: number; since: Date; timeZone: string };

/**
 * The notice of a failing run: four lines at the first failure (L-71); a later one opens with the count and
 * the streak's start (L-76), whose sentence about the next reminder stands in for the fourth line.
 */
export function noticeText(job: Job, speaker: string | null, reason: string | null, streak: StreakAt): string {
  const first = job.kind === "script" ? TJ.failedScript(job.name) : TJ.failed(job.name);
  const body = [first, oneLineReason(reason), TJ.seeRun];
  const since = sinceAt(streak.since, streak.timeZone);
  const lines =
    streak.count === 1 ? [...body, TJ.nextNotice] : [`${TJ.reminder(streak.count, since)} ${TJ.nextNotice}`, ...body];
  return prefixed(speaker, lines.join("\n"));
}

/** The single recovery line (L-77). */
export function recoveryText(job: Job, speaker: string | null, count: number): string {
  return prefixed(speaker, TJ.recovered(job.name, count));
}

/** Who speaks, for the `[Name]` prefix (I-32): a member's display name; null for the master. */
export function speakerOf(job: Pick<Job, "agentId">, nameOf: (agentId: string) => string | undefined): string | null {
  return job.agentId === MASTER ? null : nameOf(job.agentId) ?? job.agentId;
}

/** L-72: the reason on one line; whole up to 600 characters, else the first 200 + "…" + the last 400. */
export function oneLineReason(reason: string | null): string {
  const line = (reason ?? "").replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim() || TJ.reasonUnknown;
  const chars = Array.from(line);
  if (chars.length <= KEEP) return line;
  return `${chars.slice(0, HEAD).join("")}…${chars.slice(-TAIL).join("")}`;
}

/** The streak's start in the owner's zone, hour and day, as TJ.sinceAt words it (L-76). */
export function sinceAt(at: Date, timeZone: string): string {
  const parts = dateFormat("en-GB", {
    timeZone, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return TJ.sinceAt(`${get("hour")}:${get("minute")}`, `${get("day")}/${get("month")}`);
}

/** `[Name] text` for a member, the text alone for the master (I-32, L-65). */
export function prefixed(speaker: string | null, text: string): string {
  return speaker ? `[${speaker}] ${text}` : text;
}
