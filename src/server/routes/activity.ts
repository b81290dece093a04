// Activity (J-05, J-08…J-11): the live stream of running runs, stored run history (agent filter on
// the server, paged backwards) and one run by id with its steps.
import { Hono } from "hono";
import { getRun, listRuns } from "../../store/runs.ts";
import { T } from "../../texts/vi.ts";
import { runJson, runWithSteps } from "../../turns/json.ts";
import type { AppDeps } from "../deps.ts";
import { sseResponse } from "../sse.ts";

const PAGE = 50;

export function activityRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/stream", () => {
    // The running runs as stored, read once for this watcher; then only small frames follow.
    const running = () => d.hub.runningRuns().map((r) => getRun(d.store, r.id)).filter((r) => r !== null);
    const q = d.hub.watch(() => ({ type: "snapshot", runs: running().map((r) => runJson(r)) }));
    return sseResponse(q, { onClose: () => d.hub.unwatch(q) });
  });

  app.get("/runs", (c) => {
    const limit = Math.min(Math.max(Number(c.req.query("limit") ?? PAGE) || PAGE, 1), 200);
    const before = c.req.query("before") || undefined;
    const agentId = c.req.query("agent") || undefined;
    const runs = listRuns(d.store, { agentId, before, limit });
    const next = runs.length === limit ? runs[runs.length - 1]!.startedAt : null;
    return c.json({ runs: runs.map((r) => runJson(r)), next_before: next });
  });

  app.get("/runs/:id", (c) => {
    const run = getRun(d.store, c.req.param("id"));
    return run ? c.json(runWithSteps(d.store, run)) : c.json({ detail: T.runNotFound }, 404);
  });

  return app;
}
