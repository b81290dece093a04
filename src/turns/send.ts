// Sending a message to a conversation, for every channel (B-07…B-19, L-06…L-09): validation in the
// order the spec's status codes imply, request_id replay, queueing while busy, `/steer`, and starting
// the turn. Nothing is stored for a rejected send, so its request_id stays unused (B-09).
import { expandCommand } from "../kits/commands.ts";
import { getConversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { appendMessage, lastSeq } from "../store/messages.ts";
import { enqueue } from "../store/queue.ts";
import { findRequest, type RequestMatch } from "../store/requests.ts";
import { touchConversation } from "../store/conversations.ts";
import { T } from "../texts/vi.ts";
import type { ActiveTurn, Reader, TurnHost } from "./host.ts";

export type SendInput = {
  conversationId: string; text: string; source: string; requestId?: string; reader?: Reader;
  /** A write that commits with the accepted message, queued or answered (Telegram's handled update id). */
  mark?: () => void;
  /** Text that is never a command or `/steer` (a voice transcript, L-37; a caption, L-33). */
  literal?: boolean;
};

export type SendOutcome =
  | { kind: "started"; turn: ActiveTurn }
  | { kind: "queued"; itemId: number; queueKind: "follow_up" | "steer"; position: number }
  /** The request_id was already used for a stored message: nothing new happened (B-08). */
  | { kind: "replay"; turn: ActiveTurn | undefined }
  | { kind: "rejected"; status: 404 | 409 | 422 | 429; detail: string };

const STEER = /^\/steer(?:\s+([\s\S]*))?$/;

export function send(host: TurnHost, store: Store, input: SendInput): SendOutcome {
  const conv = getConversation(store, input.conversationId);
  if (!conv) return { kind: "rejected", status: 404, detail: T.conversationNotFound };
  if (input.requestId) {
    const match = findRequest(store, conv.id, input.requestId);
    if (match) return replay(host, conv.id, match);
  }
  const slash = input.literal ? null : STEER.exec(input.text.trim());
  const steerText = slash?.[1]?.trim() ?? "";
  if (slash && !steerText) return { kind: "rejected", status: 422, detail: T.steerEmpty };
  // A command of the agent's kits is its expanded body, a steer one steers (F-17, F-19).
  const command = slash || input.literal ? null : expandCommand(host.agent(conv.agentId)?.kit, input.text);
  const steer = !!slash || !!command?.steer;
  const body = slash ? steerText : command ? command.text : input.text;
  if (host.waiting(conv.id)) return { kind: "rejected", status: 409, detail: T.waitingForDecision };
  if (host.running(conv.id)) {
    const kind = steer ? "steer" : "follow_up";
    const r = enqueue(store, {
      conversationId: conv.id, kind, text: body, source: input.source, requestId: input.requestId,
    }, input.mark);
    if (r.status === "full") return { kind: "rejected", status: 429, detail: T.queueFull };
    if (r.status === "duplicate") return replay(host, conv.id, r.match);
    return { kind: "queued", itemId: r.item.id, queueKind: r.item.kind, position: r.position };
  }
  // Idle: `/steer X` (or a steer command) is simply the message X (B-17).
  const afterSeq = lastSeq(store, conv.id);
  // The message commits with the run that answers it: a crash never leaves it stored but unanswered.
  const record = () => {
    const message = { conversationId: conv.id, role: "user" as const, content: body, source: input.source };
    appendMessage(store, { ...message, requestId: input.requestId });
    touchConversation(store, conv.id);
    input.mark?.();
  };
  const turn = host.start(conv.id, { source: input.source, afterSeq, reader: input.reader, record });
  return { kind: "started", turn };
}

function replay(host: TurnHost, conversationId: string, match: RequestMatch): SendOutcome {
  if (match.kind === "queued") {
    return { kind: "queued", itemId: match.itemId, queueKind: "follow_up", position: match.position };
  }
  return { kind: "replay", turn: host.running(conversationId) };
}
