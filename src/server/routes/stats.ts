// The usage ledger (E-04, E-05, E-13, E-14): GET / answers the stats of the last 30 owner-calendar
// days, cached until the store's write counter moves. Mounted at /api/stats.
import { Hono } from "hono";
import { StatsCache } from "../../ledger/stats.ts";
import type { AppDeps } from "../deps.ts";

export function statsRoutes(d: AppDeps): Hono {
  const app = new Hono();
  const cache = new StatsCache();

  app.get("/", (c) => {
    c.header("cache-control", "no-store");
    return c.json(cache.get(d.store, d.settings.timezone));
  });

  return app;
}
