// What Manage's nav (its counters, M-40) and its "needs you" card read, shared by the pages and the Manage stream.
import { NEEDS_YOU } from "../../views/manage/activity.ts";
import type { Counters } from "../../views/manage/shell.ts";
import { listPending } from "../store/approvals.ts";
import { countPendingProposals } from "../store/memory-proposals.ts";
import { listRuns, type Run } from "../store/runs.ts";
import type { AppDeps } from "./deps.ts";

/** Failed, interrupted and stopped runs, newest first; the device hides those it marked seen. */
export function needsYou(d: AppDeps): Run[] {
  return listRuns(d.store, { limit: 200 }).filter((r) => NEEDS_YOU.has(r.status)).slice(0, 50);
}

export function counters(d: AppDeps): Counters {
  const errorRunIds = needsYou(d).map((r) => r.id);
  const failingJobs = d.jobs?.failingCount() ?? 0;
  const memoryPending = countPendingProposals(d.store);
  return { running: d.hub.runningRuns().length, errorRunIds, pending: listPending(d.store).length, failingJobs,
    memoryPending };
}
