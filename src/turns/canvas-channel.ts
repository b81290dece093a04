// Which canvas rights a conversation's turns have (H-61, L-45, F-11), from the source of the chain's root
// conversation: the web writes and sees canvases open; Telegram and jobs write but are read elsewhere, so
// their prompt says when a canvas is worth it; anything else came through /api/inbound (or /v1) and
// cannot write. Unknown sources count as inbound: the rights fail closed.
import { getConversation, type Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { isDelegated } from "./delegation.ts";

export type CanvasChannel = "web" | "away" | "inbound";

/** The web's conversations (forks included) are opened with source "chat"; Telegram's with "telegram". */
const WEB_SOURCE = "chat";
const TELEGRAM_SOURCE = "telegram";

export function canvasChannel(store: Store, conv: Conversation): CanvasChannel {
  let root = conv;
  // Delegation is one level deep (F-09); the bound only guards against a corrupt chain.
  for (let i = 0; i < 8 && isDelegated(root); i++) {
    const parent = getConversation(store, root.source.slice(root.source.indexOf(":") + 1));
    if (!parent) return "inbound";
    root = parent;
  }
  if (root.source === WEB_SOURCE) return "web";
  if (root.source === TELEGRAM_SOURCE || root.source.startsWith("job:")) return "away";
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
