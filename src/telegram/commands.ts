// The chat's slash commands (L-56, L-57, L-63), answered without the model: /new /reset /start /help
// /status /tools /approve /deny. `/steer` is the send path's own (B-17). A command may carry the bot's
// name (`/status@crew_bot`); `/usr/bin`, an unknown name or a sentence after a bare command go to the model.
import { MASTER } from "../config/agent-schema.ts";
import { ownerMinute } from "../config/owner-time.ts";
import { listRuns } from "../store/runs.ts";
import { T_TG } from "../texts/vi-tg-chat.ts";
import { decide } from "../turns/commands.ts";
import type { TelegramChat } from "./chat.ts";

/** Registered with setMyCommands once per process (L-56), in this order. */
export const COMMANDS: { command: string; description: string }[] = [
  "new", "reset", "start", "help", "status", "tools", "steer", "approve", "deny",
].map((command) => ({ command, description: T_TG.commands[command]! }));

type Name = "new" | "reset" | "start" | "help" | "status" | "tools" | "approve" | "deny";
const BARE = new Set<string>(["new", "reset", "start", "help", "status", "tools", "approve", "deny"]);
const SHAPE = /^\/([A-Za-z_]+)(?:@([A-Za-z0-9_]+))?$/;

/**
 * The command a message is, or null when it is text for the model. `botName`: commands addressed to
 * another bot (`/status@other_bot`) are not ours.
 */
export function parseCommand(text: string, botName?: string): Name | null {
  const m = SHAPE.exec(text.trim());
  if (!m || !BARE.has(m[1]!.toLowerCase())) return null;
  if (m[2] && botName && m[2].toLowerCase() !== botName.toLowerCase()) return null;
  return m[1]!.toLowerCase() as Name;
}

/** Answers a command with the text to send back. */
export function runCommand(chat: TelegramChat, name: Name): string {
  switch (name) {
    case "new":
    case "reset":
    case "start":
      return openNew(chat);
    case "help":
      return [T_TG.helpTitle, ...COMMANDS.map((c) => `/${c.command} — ${c.description}`)].join("\n");
    case "status":
      return status(chat);
    case "tools":
      return [T_TG.toolsTitle, ...(chat.d.crew().get(MASTER)?.tools ?? []).map((t) => `- ${t.name}`)].join("\n");
    case "approve":
    case "deny":
      return decideAsked(chat, name);
  }
}

/** Refused while the chat's conversation runs a turn or holds queued messages (L-61). */
function openNew(chat: TelegramChat): string {
  const conv = chat.current();
  if (conv) {
    const b = chat.busy(conv.id);
    if (b.running || b.queued > 0) return T_TG.newRefused;
  }
  chat.openNew();
  return T_TG.opened;
}

/** Turns, spend vs cap, route, pending approvals, latest run in the owner's time (L-56, L-59). */
function status(chat: TelegramChat): string {
  const conv = chat.current();
  const b = conv ? chat.busy(conv.id) : { running: false, queued: 0 };
  const head = b.running || b.queued > 0 ? T_TG.statusBusy(b.queued) : T_TG.statusIdle;
  const runs = conv ? listRuns(chat.d.store, { conversationId: conv.id, limit: 1000 }) : [];
  const usd = (n: number) => `$${n.toFixed(4)}`;
  const last = runs[0];
  const lines = T_TG.statusLines({
    turns: runs.length,
    spent: usd(conv?.spentUsd ?? 0),
    cap: conv && conv.costCapUsd > 0 ? usd(conv.costCapUsd) : T_TG.noCap,
    route: chat.d.crew().get(MASTER)?.routeLabels[0] ?? T_TG.noRoute,
    pending: chat.allPending().length,
    last: last ? `${ownerMinute(new Date(last.startedAt), chat.d.timezone())} · ${last.status}` : T_TG.noRun,
  });
  return `${head}\n${lines}`;
}

/** /approve, /deny: the chat's waiting approval, whichever conversation holds it (L-58); never a question. */
function decideAsked(chat: TelegramChat, name: "approve" | "deny"): string {
  const pending = chat.pending();
  if (!pending) return T_TG.noPending;
  if (pending.kind === "question") return T_TG.questionNotApproval;
  const out = decide(chat.commandDeps, pending.id, { decision: name });
  // The continuation is read back to the chat by the follower (it runs with the turn's telegram source).
  if (out.kind === "rejected") return out.detail;
  return name === "approve" ? T_TG.approved : T_TG.denied;
}
