// A whole conversation as Markdown (K-19), downloaded as `<title>.md`: every message in order, tool
// calls and results included, each message's text fenced (markdown.ts) so none can break the document.
// Redacted like the run export (N-08) and opening with the same reminder to review it (J-18).
import { getConversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { listMessages } from "../store/messages.ts";
import { T } from "../texts/vi.ts";
import { messageJson } from "../turns/json.ts";
import { asciiName, attachment } from "./attachment.ts";
import { cell, messageBlock, quote } from "./markdown.ts";
import { redactDeep, redactor } from "./redact.ts";

export type ConversationExport = { title: string; markdown: string };

/** Null when the conversation is unknown. `env`: whose secret-named values to hide (the server's own). */
export function exportConversation(
  store: Store,
  id: string,
  env: Record<string, string | undefined>,
): ConversationExport | null {
  const conv = getConversation(store, id);
  if (!conv) return null;
  const redact = redactor(env);
  const title = redact(conv.title) || T.untitled;
  const messages = listMessages(store, id).map((m) => redactDeep(messageJson(m), redact));
  const out = [quote(T.exportReviewReminder), "", `# ${cell(title)}`, "", "| | |", "|---|---|"];
  const rows: [string, unknown][] = [
    ["Conversation", conv.id],
    ["Agent", conv.agentId],
    ["Forked from", conv.forkedFrom],
    ["Created", conv.createdAt],
    ["Updated", conv.updatedAt],
    ["Messages", messages.length],
  ];
  for (const [k, v] of rows) out.push(`| ${k} | ${cell(v)} |`);
  for (const m of messages) out.push(...messageBlock(m, "##"));
  return { title, markdown: out.join("\n") + "\n" };
}

/**
 * The download's file name: the title without characters file systems or headers refuse, at most
 * 100 characters, then `.md`. `ascii` stands in for clients that ignore `filename*` (accents dropped).
 */
export function exportFileName(title: string): { utf8: string; ascii: string } {
  const clean = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ").replace(/\s+/g, " ").trim()
    .replace(/^\.+/, "");
  const base = [...clean].slice(0, 100).join("").trim() || "conversation";
  return { utf8: `${base}.md`, ascii: `${asciiName(base)}.md` };
}

/** The export's download header (src/export/attachment.ts). */
export function attachmentHeader(title: string): string {
  return attachment(exportFileName(title).utf8);
}
