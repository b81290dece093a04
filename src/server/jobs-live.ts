// The Jobs page's live part on the Manage stream (M-48): re-read from the scheduler on a `jobs` signal
// and on every run change. The list is replaced whole when its set of jobs changed; otherwise only the
// rows whose HTML changed are, so a history opened under another row stays open. The stream is ordered,
// so a later read always lands after an earlier one.
import { jobRow, jobsSection, domId } from "../../views/manage/jobs.ts";
import { partial, type UiFrame } from "../../views/live.ts";
import type { JobsControl } from "../scheduler/types.ts";
import type { AppDeps } from "./deps.ts";
import { jobsPage } from "./jobs-data.ts";

/** `force`: the whole list (the stream's opening and a reader that fell behind). */
export function jobsLive(d: AppDeps, jobs: JobsControl): (force: boolean) => UiFrame[] {
  let ids: string | null = null;
  let shown = new Map<string, string>();
  return (force) => {
    const page = jobsPage(d, jobs);
    const key = page.jobs.map((j) => j.id).join("\n");
    const rows = new Map(page.jobs.map((j) => [j.id, jobRow(j, page.days).toString()]));
    const before = shown;
    shown = rows;
    if (force || key !== ids) {
      ids = key;
      return [{ html: partial("#jobs-page", "outerHTML", jobsSection(page)).toString() }];
    }
    const changed = page.jobs.filter((j) => before.get(j.id) !== rows.get(j.id));
    if (changed.length === 0) return [];
    const html = changed.map((j) => partial(`#${domId("job-row", j.id)}`, "outerHTML", jobRow(j, page.days)));
    return [{ html: html.join("") }];
  };
}
