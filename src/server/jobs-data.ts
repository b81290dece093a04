// What the Jobs page reads (M-45…M-48), shared by the page, its action routes and the Manage stream: the
// job list and the owner's today/yesterday by the server's clock, so "yesterday" reads the same in every tab.
import type { Days, JobsPage } from "../../views/manage/jobs.ts";
import { localDate, startOfLocalDay } from "../config/owner-time.ts";
import type { JobsControl } from "../scheduler/types.ts";
import type { AppDeps } from "./deps.ts";

export function ownerDays(d: AppDeps): Days {
  const now = new Date((d.clock ?? Date.now)());
  const tz = d.settings.timezone;
  const yesterday = new Date(startOfLocalDay(now, tz).getTime() - 1);
  return { today: localDate(now, tz), yesterday: localDate(yesterday, tz) };
}

export function jobsPage(d: AppDeps, jobs: JobsControl): JobsPage {
  return { jobs: jobs.list(), days: ownerDays(d) };
}
