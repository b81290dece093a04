// Pages (M-01…M-05): real paths; each answers a full load with the whole shell and an htmx request
// with just the #main fragment, so the same components serve both.
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { appShell, pendingTitle } from "../../../views/app-shell.ts";
import { convMissing } from "../../../views/conv-missing.ts";
import { chatMain } from "../../../views/chat-page.ts";
import { sidebar } from "../../../views/sidebar.ts";
import { chatHeader } from "../../../views/chat-header.ts";
import { convActivity } from "../../../views/conv-activity.ts";
import { listPending } from "../../store/approvals.ts";
import { createConversation, getConversation, listConversations } from "../../store/conversations.ts";
import { T } from "../../texts/vi.ts";
import { TConv } from "../../texts/vi-conversations.ts";
import { chatData } from "../chat-data.ts";
import { chatScreen } from "../live.ts";
import { fingerprint } from "../screen-stream.ts";
import { MASTER, type AppDeps } from "../deps.ts";

export function pageRoutes(d: AppDeps): Hono {
  const app = new Hono();
  const list = () => listConversations(d.store, { agentId: MASTER });
  type Main = Parameters<typeof appShell>[3];
  const page = (c: Context, title: string, current: string | null, main: Main, status: 200 | 404 = 200) => {
    const partial = c.req.header("hx-request") === "true" && c.req.header("hx-request-type") !== "full";
    const pending = listPending(d.store).length;
    // htmx takes a <title> from a fragment and sets the tab title with it, so it carries the count too.
    const body = partial
      ? html`<title>${pendingTitle(title, pending)}</title>${main}`
      : appShell(d.assets, title, sidebar(d.assets, list(), current), main, pending);
    return noStore(c.html(body, status));
  };

  app.get("/", (c) => {
    const newest = list()[0];
    const id = newest?.id ?? newConversation(d).id;
    // Fingerprinted before rendering: a change in between makes the stream send the newer state.
    const seen = fingerprint(d, chatScreen(d, id));
    return page(c, T.appName, id, chatMain(d.assets, chatData(d, id)!, d.log, seen));
  });

  app.get("/c/:id", (c) => {
    const id = c.req.param("id");
    const seen = getConversation(d.store, id) ? fingerprint(d, chatScreen(d, id)) : "";
    const data = chatData(d, id);
    if (!data) return page(c, TConv.notFoundTitle, null, convMissing(d.assets), 404);
    return page(c, data.conversation.title || T.appName, id, chatMain(d.assets, data, d.log, seen));
  });


  /** "New conversation": a plain form POST, answered with a redirect to the new conversation. */
  app.post("/ui/conversations", (c) => c.redirect(`/c/${newConversation(d).id}`, 303));

  app.get("/c/:id/header", (c) => {
    const data = chatData(d, c.req.param("id"));
    return data ? noStore(c.html(chatHeader(data.conversation, data.header))) : c.body(null, 404);
  });
  app.get("/c/:id/activity", (c) => {
    const data = chatData(d, c.req.param("id"));
    return data ? noStore(c.html(convActivity(data.activity))) : c.body(null, 404);
  });
  return app;
}

function newConversation(d: AppDeps) {
  const master = d.crew().get(MASTER)!;
  const conv = createConversation(d.store, {
    agentId: MASTER, channel: "web", source: "chat", costCapUsd: master.costCapUsd,
    autonomous: master.autonomous, approvalTtlSeconds: master.approvalTtlSeconds,
  });
  return conv;
}

function noStore(res: Response | Promise<Response>): Promise<Response> {
  return Promise.resolve(res).then((r) => {
    r.headers.set("cache-control", "no-store");
    return r;
  });
}
