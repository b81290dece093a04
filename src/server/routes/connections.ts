// Connections API (O-10…O-13), mounted at /api/connections. JSON for scripts and tests; the same URLs
// answer htmx (HX-Request) with the #connections fragment or a check result, taking form fields.
// No answer ever carries a secret's value (N-07).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { connectionsSection, resultLine, type Flash } from "../../../views/manage/connections.ts";
import { catalogueRow, type CatalogueRow, type LiveCheck } from "../../connections/catalogue.ts";
import { runCheck } from "../../connections/check.ts";
import { saveConnections } from "../../connections/save.ts";
import { connectionsStatus } from "../../connections/status.ts";
import { T } from "../../texts/vi.ts";
import { readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";

const MAX_CHANGES = 100;
const putBody = z.strictObject({
  changes: z.record(z.string().max(200), z.string().nullable()).refine(
    (c) => Object.keys(c).length <= MAX_CHANGES,
    { error: `at most ${MAX_CHANGES} changes at once` },
  ),
});
/** The page's forms: one name, and either a value or remove=1. */
const putForm = z.object({
  name: z.string().trim().max(200), value: z.string().optional(), remove: z.string().optional(),
});

export function connectionRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/", (c) => (fromHtmx(c) ? c.html(connectionsSection(connectionsStatus(d))) : c.json(connectionsStatus(d))));

  app.put("/", async (c) => {
    if (fromHtmx(c)) return putFromPage(c, d);
    const b = await readJson(c, putBody);
    if (!b.ok) return b.response;
    const saved = await saveConnections(d, b.value.changes);
    return saved.ok ? c.json(saved.status) : c.json({ detail: saved.detail }, 422);
  });

  app.post("/check/:name", async (c) => {
    const row = catalogueRow(c.req.param("name"));
    if (!row?.check) {
      return fromHtmx(c)
        ? c.html(resultLine({ ok: false, detail: T.conn.noCheck(c.req.param("name")) }), 404)
        : c.json({ detail: T.conn.noCheck(c.req.param("name")) }, 404);
    }
    const result = await runCheck(row as CatalogueRow & { check: LiveCheck }, d.env ?? {});
    return fromHtmx(c) ? c.html(resultLine(result)) : c.json(result);
  });

  return app;
}

async function putFromPage(c: Context, d: AppDeps): Promise<Response> {
  const form = putForm.safeParse(Object.fromEntries(await c.req.formData().catch(() => new FormData())));
  const page = (status: 200 | 422, flash: Flash) => c.html(connectionsSection(connectionsStatus(d), flash), status);
  if (!form.success) return page(422, { ok: false, detail: T.conn.badName });
  const f = form.data;
  const saved = await saveConnections(d, { [f.name]: f.remove === "1" ? null : (f.value ?? "") });
  return saved.ok
    ? page(200, { ok: true, detail: T.conn.saved })
    : page(422, { ok: false, detail: saved.detail, name: f.name });
}

function fromHtmx(c: Context): boolean {
  return c.req.header("hx-request") === "true";
}
