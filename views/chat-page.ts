// The chat screen: #main holds the header, the thread, the approval bar and the composer, beside the
// conversation's activity. The same #main fragment answers a full load and an htmx swap.
import { html } from "hono/html";
import type { Approval } from "../src/models/approvals.ts";
import type { Conversation } from "../src/models/conversations.ts";
import type { QueuedMessage } from "../src/models/queue.ts";
import type { AssetTable } from "../src/models/assets.ts";
import type { CrewMember, HeaderData } from "../src/models/crew.ts";
import { T } from "../src/texts/vi.ts";
import { TCrewChat } from "../src/texts/vi-crew-chat.ts";
import { approvalBar } from "./approval-bar.ts";
import { chatHeader } from "./chat-header.ts";
import { composer } from "./composer.ts";
import { convActivity, type ActivityData } from "./conv-activity.ts";
import { icon } from "./layout.ts";
import { thread, type ThreadData } from "./thread.ts";
import { boundary } from "./boundary.ts";
import { firstRunCard } from "./first-run.ts";
import { avatarHue, initial } from "./format.ts";
import { canvasPanel, type CanvasPanelData } from "./canvas-panel.ts";

export type ChatData = {
  conversation: Conversation;
  thread: ThreadData;
  pending: Approval | null;
  queued: QueuedMessage[];
  running: boolean;
  runningRunId: string | null;
  activity: ActivityData;
  /** The crew (master first) and the conversation's skills, for the header and the welcome. */
  header: HeaderData;
  /** No model route is set: the first-run card stands in for the welcome. */
  noRoute?: boolean;
  /** The conversation's canvases, shown beside the chat (M-37). */
  canvases?: CanvasPanelData;
};

/** The thread and the activity column fail independently (M-54); `log` receives the stack. */
/** `seen` fingerprints the state this page shows, so the screen's stream need not send it again. */
export function chatMain(a: AssetTable, d: ChatData, log?: (line: string) => void, seen = "") {
  const c = d.conversation;
  const locked = c.costCapUsd > 0 && c.spentUsd >= c.costCapUsd;
  const state = JSON.stringify({ conv: c.id, running: d.running, run: d.runningRunId });
  return html`<main id="main" class="main${d.running ? " is-running" : ""}" :class="{ 'is-running': running }"
    :inert="open" x-data="chat(${state})" data-conversation="${c.id}">
  <div class="chat-col">
    <div class="topbar"><button class="btn menu-btn" type="button" x-ref="menuButton"
      @click="$dispatch('toggle-drawer')" aria-controls="sidebar" :aria-expanded="open"
      :class="hasWork && 'has-work'"
      :aria-label="open ? T.closeMenu : (hasWork ? T.openMenu + ', ' + T.pendingWork : T.openMenu)"
      aria-label="${T.menu}">${icon(a, "menu")}</button>${chatHeader(c, d.header)}</div>
    ${delegatedNotice(c, d.thread.agentName)}
    <div class="thread-wrap">
      ${d.thread.messages.length === 0 ? (d.noRoute ? firstRunCard() : welcome(d.header.crew)) : ""}
      ${boundary(() => thread(d.thread), "thread", log)}
    </div>
    <button type="button" class="btn new-below" x-show="newBelow" x-cloak @click="toBottom()"
      x-text="T.newBelow"></button>
    ${approvalBar(d.pending)}
    ${composer(a, { conversationId: c.id, running: d.running, locked, queued: d.queued, costCapUsd: c.costCapUsd })}
  </div>
  ${boundary(() => convActivity(d.activity), "conv-activity", log)}
  ${boundary(() => canvasPanel(d.canvases ?? NO_CANVASES), "canvas-panel", log)}
  <div id="live" hx-sse:connect="/c/${c.id}/live${seen ? `?seen=${seen}` : ""}" hidden></div>
</main>`;
}

const NO_CANVASES: CanvasPanelData = { canvases: [], open: null };

/** A child conversation says it is work delegated by another one, and links back to it (F-11). */
function delegatedNotice(c: Conversation, agentName: string) {
  if (!c.parentId || !c.source.startsWith("delegate:")) return "";
  return html`<p class="notice delegated-notice" id="delegated-notice">${TCrewChat.delegatedNotice(agentName)}
  <a href="/c/${c.parentId}">${TCrewChat.backToParent}</a></p>`;
}

/** A new chat speaks as the master and names the crew (F-29). */
function welcome(crew: CrewMember[]) {
  const master = crew[0] ?? { id: "default", name: T.appName };
  const members = crew.slice(1).map((m) => m.name);
  return html`<section class="welcome">
  <span class="avatar avatar-lg" :style="{ '--hue': ${avatarHue(master.id)} }">${initial(master.name)}</span>
  <h2>${T.welcomeSpeaker(master.name)}</h2>
  <p class="muted">${members.length ? T.welcomeCrew(members.join(", ")) : T.welcomeAlone}</p>
</section>`;
}
