// The first run's one-click demo: POST /ui/first-run sets MY_AGENT_ROUTES=fake:echo through the
// Connections save (written to <home>/env, crew rebuilt), so the chat answers without a restart.
import { Hono } from "hono";
import { firstRunCard } from "../../../views/first-run.ts";
import { saveConnections } from "../../connections/save.ts";
import type { AppDeps } from "../deps.ts";

export const DEMO_ROUTE = "fake:echo";

export function firstRunRoutes(d: AppDeps): Hono {
  const app = new Hono();
  app.post("/ui/first-run", async (c) => {
    const htmx = c.req.header("hx-request") === "true";
    const saved = await saveConnections(d, { MY_AGENT_ROUTES: DEMO_ROUTE });
    // A refused save keeps the card, with the reason under its buttons.
    if (!saved.ok) return htmx ? c.html(firstRunCard(saved.detail), 422) : c.redirect("/", 303);
    if (!htmx) return c.redirect("/", 303);
    // The same page again, now without the card and with a composer that reaches a model.
    c.header("HX-Refresh", "true");
    return c.body(null, 204);
  });
  return app;
}
