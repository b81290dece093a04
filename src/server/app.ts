// The Hono app: security headers, the fence and gzip on every path, the asset routes, pages and the
// API. Features add their own sub-apps with app.route(); handlers stay guard clauses that end in one
// response.
import { Hono } from "hono";
import { T } from "../texts/vi.ts";
import { VERSION } from "../version.ts";
import { assetRoutes } from "./assets.ts";
import type { AppDeps } from "./deps.ts";
import { activityRoutes } from "./routes/activity.ts";
import { agentRoutes } from "./routes/agents.ts";
import { approvalRoutes } from "./routes/approvals.ts";
import { canvasRoutes } from "./routes/canvases.ts";
import { conversationRoutes } from "./routes/conversations.ts";
import { forkRoutes } from "./routes/fork.ts";
import { inboundRoutes } from "./routes/inbound.ts";
import { openAiChatRoutes } from "./routes/openai-chat.ts";
import { openAiModelRoutes } from "./routes/openai-models.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { turnRoutes } from "./routes/turns.ts";
import { firstRunRoutes } from "./routes/first-run.ts";
import { pageRoutes } from "./routes/pages.ts";
import { exportRoutes } from "./routes/export.ts";
import { statsRoutes } from "./routes/stats.ts";
import { fileRoutes } from "./routes/files.ts";
import { manageRoutes } from "./routes/manage.ts";
import { jobsUiRoutes } from "./routes/jobs-ui.ts";
import { memoryUiRoutes } from "./routes/memory-ui.ts";
import { connectionRoutes } from "./routes/connections.ts";
import { sessionRoutes } from "./routes/sessions.ts";
import { searchRoutes } from "./routes/search.ts";
import { conversationExportRoutes } from "./routes/conversation-export.ts";
import { uiTurnRoutes } from "./routes/ui-turns.ts";
import { canvasUiRoutes } from "./routes/canvas-ui.ts";
import { conversationFormRoutes } from "./routes/ui-conversations.ts";
import { bodyCap } from "./body-cap.ts";
import { gzip } from "./compress.ts";
import { errorResponse } from "./errors.ts";
import { fence } from "./fence.ts";
import { inboundAuth } from "./inbound-auth.ts";
import { lanAuth } from "./lan-auth.ts";
import { FailureThrottle } from "./throttle.ts";
import { securityHeaders } from "./security-headers.ts";

export type { AppDeps } from "./deps.ts";

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use(securityHeaders());
  app.use(fence(deps.settings.allowedHosts));
  // One throttle for both secrets: a guesser cannot split attempts between the login and inbound.
  const clock = deps.clock ?? Date.now;
  const auth = { store: deps.store, throttle: new FailureThrottle(clock), now: clock, log: deps.log ?? (() => {}) };
  // The inbound token is a header check, so a refused caller's body is never read.
  if (deps.inboundToken || deps.lan) app.use(inboundAuth(deps.inboundToken || null, !!deps.lan, auth));
  app.use(bodyCap());
  if (deps.lan) app.use(lanAuth(deps.lan, auth));
  app.use(gzip());
  app.route("/assets", assetRoutes(deps.assets));

  app.get("/api/health", (c) => c.json({ ok: true, version: VERSION }));
  app.route("/api/conversations", conversationRoutes(deps));
  app.route("/api/conversations", turnRoutes(deps));
  app.route("/api/conversations", forkRoutes(deps));
  app.route("/api/conversations", conversationExportRoutes(deps));
  app.route("/api/approvals", approvalRoutes(deps));
  app.route("/api/messages", searchRoutes(deps));
  app.route("/api/canvases", canvasRoutes(deps));
  app.route("/api/inbound", inboundRoutes(deps));
  app.route("/v1", openAiChatRoutes(deps));
  app.route("/v1", openAiModelRoutes(deps));
  app.route("/api/activity/runs", exportRoutes(deps));
  app.route("/api/activity", activityRoutes(deps));
  app.route("/api/stats", statsRoutes(deps));
  app.route("/api/agents", agentRoutes(deps));
  app.route("/api/agents", fileRoutes(deps));
  app.route("/api/connections", connectionRoutes(deps));
  if (deps.jobs) app.route("/api/jobs", jobRoutes({ ...deps, jobs: deps.jobs }));
  app.route("/", uiTurnRoutes(deps));
  app.route("/", pageRoutes(deps));
  app.route("/", canvasUiRoutes(deps));
  app.route("/", firstRunRoutes(deps));
  app.route("/", conversationFormRoutes(deps));
  if (deps.jobs) app.route("/", jobsUiRoutes(deps, deps.jobs));
  app.route("/", memoryUiRoutes(deps));
  app.route("/", manageRoutes(deps));
  app.route("/", sessionRoutes(deps));

  app.notFound((c) => errorResponse(c, 404, T.notFound));
  app.onError((err, c) => {
    // Another process holds the database's write lock past the busy timeout: nothing was written.
    if ((err as { code?: string }).code === "SQLITE_BUSY") {
      (deps.log ?? console.error)(`database busy on ${c.req.method} ${c.req.path}: answered 503`);
      c.header("Retry-After", "5");
      return errorResponse(c, 503, T.storeBusy);
    }
    // The person gets a sentence; the stack stays in the server log.
    (deps.log ?? console.error)(`error on ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return errorResponse(c, 500, T.serverError);
  });
  return app;
}
