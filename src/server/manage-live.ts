// GET /manage/live?section=<s> (docs/manage.md): the Manage screen of one stream per screen. The nav's
// counters arrive as a `counters` event; the running list (activity) and the request list (approvals)
// are replaced whole, the latter only when the set of waiting requests changed, so a half-typed
// answer in one card survives other runs' steps; the jobs list follows jobs-live.ts.
import { runningList } from "../../views/manage/activity.ts";
import { approvalsSection } from "../../views/manage/approvals.ts";
import { partial, type UiFrame } from "../../views/live.ts";
import type { Signal } from "../activity/hub.ts";
import { listDecided, listPending } from "../store/approvals.ts";
import { listRuns } from "../store/runs.ts";
import { T } from "../texts/vi.ts";
import type { AppDeps } from "./deps.ts";
import { jobsLive } from "./jobs-live.ts";
import { memoryLive } from "./memory-live.ts";
import { counters, needsYou } from "./manage-data.ts";
import { screenStream, type Screen } from "./screen-stream.ts";

const ASKS = new Set(["approval_required", "question"]);

export type LiveSection = "activity" | "approvals" | "jobs" | "memory" | "other";

export function manageStream(d: AppDeps, section: LiveSection, title: string, seen?: string): Response {
  return screenStream(d, manageScreen(d, section, title), seen);
}

export function manageScreen(d: AppDeps, section: LiveSection, title: string): Screen {
  let waiting = "";
  const running = (): UiFrame => {
    const runs = listRuns(d.store, { limit: 200 }).filter((r) => r.status === "running");
    return { html: partial("#running-runs", "outerHTML", runningList(runs)).toString() };
  };
  const approvals = (force: boolean): UiFrame[] => {
    const pending = listPending(d.store);
    const key = pending.map((a) => a.id).join(",");
    if (!force && key === waiting) return [];
    waiting = key;
    const body = approvalsSection({ pending, decided: listDecided(d.store, 100), unseenErrors: needsYou(d).length });
    return [{ html: partial("#approvals-page", "outerHTML", body).toString() }];
  };
  const jobs = section === "jobs" && d.jobs ? jobsLive(d, d.jobs) : null;
  const memory = section === "memory" ? memoryLive(d) : null;
  const parts = (force: boolean): UiFrame[] => {
    const out: UiFrame[] = [{ event: "counters", data: counters(d) }];
    if (section === "activity") out.push(running());
    if (section === "approvals") out.push(...approvals(force));
    if (jobs) out.push(...jobs(force));
    if (memory) out.push(...memory(force));
    return out;
  };
  return {
    current: () => null,
    title: () => title,
    snapshot: () => parts(true),
    // Of a turn's events only a new request changes what Manage shows; runs, decisions and jobs do.
    render: (s: Signal) => (s.type === "event" && !ASKS.has(s.event.type) ? [] : parts(false)),
  };
}

/** Which live part a section's page has. */
export function liveSection(section: string): LiveSection {
  const live = ["activity", "approvals", "jobs", "memory"] as const;
  return live.find((s) => s === section) ?? "other";
}

export function sectionTitle(section: string): string {
  const name = (T.sections as Record<string, string>)[section];
  return name ? `${name} · ${T.manage}` : T.manage;
}
