// The jobs API (I-09…I-11, I-21): the clock's jobs with their slots, one job's runs, run now, pause and
// resume, and deleting a chat schedule. Job ids contain a slash (`<agent>/<schedule>`), so each path is
// served both written out and with the slash encoded as %2F.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { listRuns } from "../../store/runs.ts";
import type { JobRefusal, JobsControl } from "../../scheduler/types.ts";
import { TJobsClock } from "../../texts/vi-jobs-clock.ts";
import { runJson } from "../../turns/json.ts";
import { readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";

const PAGE = 50;
/** Both spellings of a job id in a path: `default/morning` and `default%2Fmorning`. */
const ID_PATHS = ["/:id", "/:agent/:schedule"] as const;
const stateBody = z.strictObject({ paused: z.boolean() });

export function jobRoutes(d: AppDeps & { jobs: JobsControl }): Hono {
  const app = new Hono();

  app.get("/", (c) => c.json({ jobs: d.jobs.list() }));

  for (const path of ID_PATHS) {
    // A deleted chat job keeps its runs (I-21): they stay listed while any exist.
    app.get(`${path}/runs`, (c) => {
      const id = jobId(c);
      if (!d.jobs.view(id) && listRuns(d.store, { jobId: id, limit: 1 }).length === 0) {
        return c.json({ detail: TJobsClock.unknownJob(id) }, 404);
      }
      const limit = Math.min(Math.max(Number(c.req.query("limit") ?? PAGE) || PAGE, 1), 200);
      const runs = listRuns(d.store, { jobId: id, before: c.req.query("before") || undefined, limit });
      const next = runs.length === limit ? runs[runs.length - 1]!.startedAt : null;
      return c.json({ runs: runs.map((r) => runJson(r)), next_before: next });
    });

    app.post(`${path}/run`, (c) => {
      const id = jobId(c);
      const r = d.jobs.runNow(id);
      return r.ok ? c.json({ ok: true, job_id: id }, 202) : refused(c, r.refusal);
    });

    app.patch(`${path}/state`, async (c) => {
      const id = jobId(c);
      const body = await readJson(c, stateBody);
      if (!body.ok) return body.response;
      const r = d.jobs.setPaused(id, body.value.paused);
      if (!r.ok) return refused(c, r.refusal);
      d.hub.jobsTouched();
      return c.json(r.job);
    });

    app.delete(path, (c) => {
      const r = d.jobs.remove(jobId(c));
      if (!r.ok) return refused(c, r.refusal);
      d.hub.jobsTouched();
      return c.body(null, 204);
    });
  }

  return app;
}

function jobId(c: Context): string {
  const p = c.req.param() as { id?: string; agent?: string; schedule?: string };
  return p.id ?? `${p.agent}/${p.schedule}`;
}

function refused(c: Context, r: JobRefusal): Response {
  return c.json({ detail: r.detail }, r.status);
}
