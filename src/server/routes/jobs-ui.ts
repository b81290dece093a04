// Manage → jobs' actions (M-45, M-48): run now, pause/resume, delete and the run history, sent by htmx and
// answered with HTML fragments read back from the scheduler after the action, so the row shows what the
// server now holds. An id the scheduler does not know gets its sentence in place, status 404.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { jobAlert, jobRuns } from "../../../views/manage/job-slots.ts";
import { jobItem, jobRow, missingItem, missingRow } from "../../../views/manage/jobs.ts";
import type { JobRefusal, JobsControl } from "../../scheduler/types.ts";
import { listRuns } from "../../store/runs.ts";
import { T_JOBS_PAGE as TJ } from "../../texts/vi-jobs-page.ts";
import type { AppDeps } from "../deps.ts";
import { ownerDays } from "../jobs-data.ts";

const RUNS_SHOWN = 50;
const idForm = z.object({ id: z.string().min(1).max(300) });
const pauseForm = idForm.extend({ paused: z.enum(["0", "1"]) });

export function jobsUiRoutes(d: AppDeps, jobs: JobsControl): Hono {
  const app = new Hono();
  /** The job's row with the action's answer; a refusal of a known job keeps its row and says why. */
  const row = (c: Context, id: string, ok: boolean, detail: string, status: 200 | 409 = 200) => {
    const job = jobs.view(id);
    if (!job) return c.html(missingRow(id), 404);
    return c.html(jobRow(job, ownerDays(d), { ok, detail }), status);
  };
  const refused = (c: Context, id: string, r: JobRefusal) =>
    r.status === 404 ? c.html(missingRow(id), 404) : row(c, id, false, r.detail, 409);

  app.post("/manage/jobs/run", async (c) => {
    const form = idForm.safeParse(await fields(c));
    if (!form.success) return badForm(c);
    const r = jobs.runNow(form.data.id);
    if (!r.ok) return refused(c, form.data.id, r.refusal);
    return row(c, form.data.id, true, TJ.started);
  });

  app.post("/manage/jobs/pause", async (c) => {
    const form = pauseForm.safeParse(await fields(c));
    if (!form.success) return badForm(c);
    const r = jobs.setPaused(form.data.id, form.data.paused === "1");
    if (!r.ok) return refused(c, form.data.id, r.refusal);
    // Other tabs re-read (M-48); this one shows the row the scheduler answered with: the state it stored.
    d.hub.jobsTouched();
    return c.html(jobRow(r.job, ownerDays(d)));
  });

  app.post("/manage/jobs/delete", async (c) => {
    const form = idForm.safeParse(await fields(c));
    if (!form.success) return badForm(c);
    const id = form.data.id;
    const r = jobs.remove(id);
    if (r.ok) {
      d.hub.jobsTouched();
      return c.html("");
    }
    const job = jobs.view(id);
    if (r.refusal.status === 404 || !job) return c.html(missingItem(id), 404);
    return c.html(jobItem(job, ownerDays(d), { ok: false, detail: r.refusal.detail }), 409);
  });

  app.get("/manage/jobs/runs", (c) => {
    const id = c.req.query("id") ?? "";
    if (!id || !jobs.view(id)) return c.html(jobAlert(TJ.unknownJob), 404);
    return c.html(jobRuns(listRuns(d.store, { jobId: id, limit: RUNS_SHOWN })));
  });

  return app;
}

function badForm(c: Context) {
  return c.html(jobAlert(TJ.badForm), 422);
}

async function fields(c: Context): Promise<Record<string, unknown>> {
  const form = await c.req.formData().catch(() => new FormData());
  return Object.fromEntries(form);
}
