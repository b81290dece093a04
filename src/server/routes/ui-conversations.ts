// Rename and delete from the sidebar and the chat header (plain form posts). htmx gets the sidebar
// list (and the header when it is the open conversation) back as <hx-partial>s, or a redirect to `/`
// when the open conversation was deleted; without htmx a form post ends in a 303. Bad input is a 422
// sentence that the form shows in its own error slot.
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { chatHeader } from "../../../views/chat-header.ts";
import { convList } from "../../../views/sidebar.ts";
import { pendingTitle } from "../../../views/app-shell.ts";
import { listPending } from "../../store/approvals.ts";
import { getConversation, listConversations } from "../../store/conversations.ts";
import { T } from "../../texts/vi.ts";
import { TConv } from "../../texts/vi-conversations.ts";
import { patch, remove, TITLE_MAX } from "../../turns/commands.ts";
import { MASTER, type AppDeps } from "../deps.ts";
import { headerData } from "../header-data.ts";

export function conversationFormRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.post("/ui/conversations/:id/title", async (c) => {
    const id = c.req.param("id");
    if (!getConversation(d.store, id)) return refuse(c, 404, T.conversationNotFound);
    const form = await c.req.parseBody();
    const title = typeof form.title === "string" ? form.title.trim() : "";
    if (!title) return refuse(c, 422, TConv.titleEmpty);
    if (title.length > TITLE_MAX) return refuse(c, 422, TConv.titleTooLong(TITLE_MAX));
    patch(d, id, { title });
    if (!isHtmx(c)) return c.redirect(`/c/${id}`, 303);
    return c.html(updates(d, String(form.open ?? "")));
  });

  app.post("/ui/conversations/:id/delete", async (c) => {
    const id = c.req.param("id");
    const form = await c.req.parseBody();
    if (!remove(d, id)) return refuse(c, 404, T.conversationNotFound);
    const open = String(form.open ?? "");
    if (!isHtmx(c)) return c.redirect(open === id ? "/" : `/c/${open}`, 303);
    if (open === id) return c.body(null, 204, { "HX-Redirect": "/" });
    return c.html(updates(d, open));
  });

  return app;
}

/** The sidebar list, and the header of the open conversation, as partials (no main swap). */
function updates(d: AppDeps, openId: string) {
  const list = listConversations(d.store, { agentId: MASTER });
  const open = openId ? getConversation(d.store, openId) : null;
  const header = open
    ? html`<title>${pendingTitle(open.title || T.appName, listPending(d.store).length)}</title>
<hx-partial hx-target="#chat-header" hx-swap="outerHTML">${chatHeader(open, headerData(d, open))}</hx-partial>`
    : "";
  const rows = convList(list, open?.id ?? null);
  return html`<hx-partial hx-target="#conv-list" hx-swap="outerHTML">${rows}</hx-partial>${header}`;
}

const isHtmx = (c: Context) => c.req.header("hx-request") === "true";

function refuse(c: Context, status: 404 | 422, sentence: string) {
  return c.html(html`<span role="alert">${sentence}</span>`, status);
}
