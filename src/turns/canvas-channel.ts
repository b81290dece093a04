// Canvas rights of a turn (H-61, L-45, F-11), from its source or, in a child, its root turn's: the web
// writes; Telegram and jobs write but are read elsewhere, so their prompt says when a canvas is worth it; any
// other source came through /api/inbound or /v1 and cannot write (unknown sources fail closed).
import { getConversation, type Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { listRuns } from "../store/runs.ts";
import { isDelegated } from "./delegation.ts";

export type CanvasChannel = "web" | "away" | "inbound";

/** The web's turns (forks included) run with source "chat"; Telegram's with "telegram"; jobs' "job:<id>". */
const WEB_SOURCE = "chat";
const TELEGRAM_SOURCE = "telegram";

/**
 * `runSource` is the turn's own source (an inbound message into a web conversation is still inbound); a
 * delegated child takes the source of the turn that delegated it, its root conversation's newest run.
 */
export function canvasChannel(store: Store, conv: Conversation, runSource: string): CanvasChannel {
  let source = runSource;
  let at = conv;
  // Delegation is one level deep (F-09); the bound only guards against a corrupt chain.
  for (let i = 0; i < 8 && isDelegated(at); i++) {
    const parent = getConversation(store, at.source.slice(at.source.indexOf(":") + 1));
    if (!parent) return "inbound";
    at = parent;
    source = listRuns(store, { conversationId: parent.id, limit: 1 })[0]?.source ?? parent.source;
  }
  if (isDelegated(at)) return "inbound";
  if (source === WEB_SOURCE) return "web";
  if (source === TELEGRAM_SOURCE || source.startsWith("job:")) return "away";
  return "inbound";
}

/** The system prompt's closing "Canvas" section for the channel (before the date line); none on the web. */
export function canvasSection(channel: CanvasChannel): string | null {
  if (channel === "web") return null;
  if (channel === "away") return CANVAS_AWAY;
  return CANVAS_INBOUND;
}

// L-45: the text never names the channel, so a job on a machine without a bot reads the same words.
const CANVAS_AWAY = [
  "Canvas",
  "The person does not see canvases open beside this conversation. Create a canvas only when asked to, or " +
    "when the document is long and will be edited further; otherwise answer directly in the message.",
].join("\n");

const CANVAS_INBOUND = [
  "Canvas",
  "You cannot create or change canvases here: the caller receives only your message. Answer directly in the " +
    "message. You may still list and read canvases, and export one to a file.",
].join("\n");
