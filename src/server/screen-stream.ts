// One stream per screen (docs/chat.md, docs/manage.md): a screen brings its own snapshot and its own
// renderer of hub signals; this adds what every screen shares — the sidebar's conversation list and
// the `shell` event (tab title and pending count) — and carries both on a single SSE response.
import { pendingTitle } from "../../views/app-shell.ts";
import { convList } from "../../views/sidebar.ts";
import { partial, type UiFrame } from "../../views/live.ts";
import type { Signal } from "../activity/hub.ts";
import { listPending } from "../store/approvals.ts";
import { listConversations } from "../store/conversations.ts";
import { FrameQueue } from "../turns/frame-queue.ts";
import { MASTER, type AppDeps } from "./deps.ts";
import { uiSse } from "./ui-sse.ts";

export type Screen = {
  /** The conversation the sidebar marks as open, if any. */
  current: () => string | null;
  /** The tab title without its pending count. */
  title: () => string;
  /** The screen's whole state, sent first and after a reader fell too far behind. */
  snapshot: () => UiFrame[];
  /** What a change means for this screen; [] when nothing it shows changed. */
  render: (s: Signal) => UiFrame[];
};

/** Events after which the number of waiting requests may differ. */
const MAY_WAIT = new Set(["approval_required", "question", "done", "halted", "error"]);

/** The stream's shared parts for one screen: the sidebar list and the `shell` event (sent when changed). */
function shellParts(d: AppDeps, screen: Screen) {
  let shown: string | null = null;
  const shell = (force: boolean): UiFrame[] => {
    const pending = listPending(d.store).length;
    const title = screen.title();
    const key = `${pending}\n${title}`;
    if (!force && key === shown) return [];
    shown = key;
    return [{ event: "shell", data: { pending, title: pendingTitle(title, pending), manage: manageHref(pending) } }];
  };
  const list = (): UiFrame => {
    const rows = listConversations(d.store, { agentId: MASTER });
    return { html: partial("#conv-list", "outerHTML", convList(rows, screen.current())).toString() };
  };
  return { shell, list, opening: () => [list(), ...shell(true), ...screen.snapshot()] };
}

/** What the screen's HTML would be if its stream opened now, in a word: a page rendered from the same
 * truth passes it as `seen`, and the stream then skips sending that HTML again (named events still go). */
export function fingerprint(d: AppDeps, screen: Screen): string {
  return hashHtml(shellParts(d, screen).opening());
}

function hashHtml(frames: UiFrame[]): string {
  const text = frames.map((f) => ("html" in f ? f.html : "")).join("\n");
  return Bun.hash(text).toString(36);
}

export function screenStream(d: AppDeps, screen: Screen, seen?: string): Response {
  const { shell, list, opening } = shellParts(d, screen);
  const frames = new FrameQueue<UiFrame>((full) => {
    // A reader too far behind starts over from the truth.
    const [first, ...rest] = opening();
    full.reset(first!);
    for (const f of rest) full.push(f);
  });
  const first = opening();
  // A page that shows exactly this already needs only the named events (state, shell, counters).
  const fresh = seen !== undefined && seen === hashHtml(first);
  for (const f of first) if (!fresh || !("html" in f)) frames.push(f);

  const stop = d.hub.listen((s) => {
    if (frames.isClosed) return;
    try {
      // The shared parts go first, so a screen's own last word (the chat's state) stays last.
      const out: UiFrame[] = [];
      const ended = s.type === "run" && s.status !== "running";
      if (s.type === "conversation" || ended) out.push(list());
      if (s.type !== "event" || MAY_WAIT.has(s.event.type)) out.push(...shell(false));
      for (const f of [...out, ...screen.render(s)]) frames.push(f);
    } catch (e) {
      // The tab reconnects and starts over from a fresh snapshot.
      d.log?.(`screen stream: ${(e as Error).message}`);
      frames.close();
    }
  });
  return uiSse(frames, stop);
}

/** The Manage button goes straight to the approvals while something waits. */
function manageHref(pending: number): string {
  return pending > 0 ? "/manage/approvals" : "/manage/activity";
}
