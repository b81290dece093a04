// The Hono app: the fence and gzip on every path, the asset routes, pages and the API. Features add
// their own sub-apps with app.route(); handlers stay guard clauses that end in one response.
import { Hono } from "hono";
import { homePage } from "../../views/home-page.ts";
import { serverStatus } from "../../views/server-status.ts";
import type { Settings } from "../config/settings.ts";
import type { Store } from "../store/db.ts";
import { T } from "../texts/vi.ts";
import { VERSION } from "../version.ts";
import { assetRoutes, type AssetTable } from "./assets.ts";
import { gzip } from "./compress.ts";
import { fence } from "./fence.ts";

export type AppDeps = {
  settings: Pick<Settings, "allowedHosts">;
  store: Store;
  assets: AssetTable;
  log?: (line: string) => void;
};

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use(fence(deps.settings.allowedHosts));
  app.use(gzip());
  app.route("/assets", assetRoutes(deps.assets));

  app.get("/api/health", (c) => c.json({ ok: true, version: VERSION }));
  app.get("/", (c) => noStore(c.html(homePage(deps.assets))));
  app.get("/fragments/server-status", (c) => noStore(c.html(serverStatus(VERSION))));

  app.notFound((c) => c.json({ detail: T.notFound }, 404));
  app.onError((err, c) => {
    // The person gets a sentence; the stack stays in the server log.
    (deps.log ?? console.error)(`error on ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return c.json({ detail: T.serverError }, 500);
  });
  return app;
}

/** Pages and fragments are never cached (no-store), so a reload always sees the current server (M-58). */
function noStore(res: Response | Promise<Response>): Promise<Response> {
  return Promise.resolve(res).then((r) => {
    r.headers.set("cache-control", "no-store");
    return r;
  });
}
