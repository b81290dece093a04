// The real Hono app on an in-memory store, for HTTP tests through app.request() (no socket).
import { createApp } from "../../src/server/app.ts";
import { loadAssets } from "../../src/server/assets.ts";
import { openStore } from "../../src/store/db.ts";

export const HOST = "127.0.0.1:8420";

export async function testApp(allowedHosts: string[] = []) {
  const store = openStore(":memory:");
  const assets = await loadAssets();
  const logs: string[] = [];
  const app = createApp({ settings: { allowedHosts }, store, assets, log: (l) => logs.push(l) });
  /** A request as a browser on the same machine would send it (Host header included). */
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("host")) headers.set("host", HOST);
    return app.request(path, { ...init, headers });
  };
  return { app, store, assets, logs, request };
}
