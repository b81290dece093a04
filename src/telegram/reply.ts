// Reading one turn to the chat (L-23…L-25, L-62, L-82): "typing" every 4 s while it runs, then the reply
// rebuilt from the store — every assistant text of the run in order, its files, and the notice of how
// it ended — sent through the outbox, which skips what was already sent (a continuation, a resume).
import type { TurnResult } from "../agent/events.ts";
import { turnNotice } from "../channels/inbound.ts";
import { listPending } from "../store/approvals.ts";
import type { Store } from "../store/db.ts";
import { listMessages } from "../store/messages.ts";
import { getRun, listRuns, type Run } from "../store/runs.ts";
import { T_TG } from "../texts/vi-tg-chat.ts";
import type { Crew } from "../turns/crew.ts";
import type { ActiveTurn } from "../turns/host.ts";
import { answerPieces, type Outbox, type Piece } from "./outbox.ts";
import type { BotApi } from "./types.ts";

/** Typing: repeated every 4 s; the first call may hold the reply at most 3 s (L-23). */
export const TYPING_EVERY_MS = 4000;
export const TYPING_FIRST_MS = 3000;
/** The shutdown message is best effort within 5 s (L-84). */
export const CUT_NOTICE_MS = 5000;

export type ReplyDeps = {
  api: BotApi; store: Store; crew: () => Crew; chatId: number; outbox: Outbox; log: (line: string) => void;
};

export async function readTurn(d: ReplyDeps, turn: ActiveTurn): Promise<void> {
  const typing = keepTyping(d, turn.done);
  const result = await turn.done;
  await typing;
  const run = getRun(d.store, turn.runId);
  // Gone with its conversation (deleted on the web): nothing is left to read back.
  if (!run?.conversationId) return;
  // Cut by a going-down server: the run stays open for the next boot, which answers it (C-18, L-82).
  if (run.status === "running" && turn.abort.signal.reason === "shutdown") return tellCut(d);
  try {
    await d.outbox.send(run.id, replyPieces(d, run, result));
  } catch (e) {
    d.log(`telegram: reply to run ${run.id} not sent: ${(e as Error).message}`);
  }
}

/** The reply of a run as it stands: its texts and files, then the notice of how the turn ended. */
export function replyPieces(d: Pick<ReplyDeps, "store" | "crew">, run: Run, result: TurnResult): Piece[] {
  const messages = runMessages(d.store, run);
  const speaker = { agentId: run.agentId, workspace: d.crew().get(run.agentId)?.workspace ?? "" };
  const seen = new Set<string>();
  // A file named again later in the run is sent once per reply (L-48).
  const pieces = messages
    .filter((m) => m.role === "assistant" && m.content.trim())
    .flatMap((m) => answerPieces(m.content, m.seq * 1000, speaker))
    .filter((p) => "text" in p || (!seen.has(p.attachment.path) && !!seen.add(p.attachment.path)));
  const lastSeq = messages.at(-1)?.seq ?? run.afterSeq ?? 0;
  const notice = endNotice(d.store, run, result, pieces.length === 0);
  if (notice) pieces.push({ idx: lastSeq * 1000 + 999, text: notice });
  return pieces;
}

/** The messages a run wrote: after its start, before the next run of the conversation began. */
function runMessages(store: Store, run: Run) {
  const from = run.afterSeq ?? 0;
  const later = listRuns(store, { conversationId: run.conversationId!, limit: 20 })
    .map((r) => r.afterSeq ?? 0)
    .filter((s) => s > from);
  const until = later.length ? Math.min(...later) : Infinity;
  return listMessages(store, run.conversationId!, from).filter((m) => m.seq <= until);
}

function endNotice(store: Store, run: Run, result: TurnResult, silent: boolean): string {
  // Cancelled: a bot that stopped (a rebuild) cut it after 30 s (L-81); the web's Stop never reaches these.
  if (run.status === "cancelled") return T_TG.cancelled;
  if (result.status === "approval_required") {
    const pending = listPending(store, run.conversationId!)[0];
    if (pending?.kind === "question") return T_TG.question(pending.reason ?? "", pending.options ?? []);
    if (pending) return T_TG.approval(pending.tool, pending.reason ?? shortArgs(pending.arguments));
  }
  // A failed turn is logged in full by the loop; the chat hears only its error type, not its words (L-62).
  const notice = turnNotice(result, null);
  if (result.status === "error" && result.errorType) return `${notice} ${T_TG.errorType(result.errorType)}`;
  if (notice) return notice;
  return silent ? T_TG.empty(result.steps) : "";
}

/** The call's arguments on one short line, so the owner sees what they approve. */
function shortArgs(args: unknown): string {
  const text = JSON.stringify(args ?? {}).replace(/\s+/g, " ");
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** "typing" while the turn runs; a first call Telegram does not answer in 3 s is logged, not waited for. */
async function keepTyping(d: ReplyDeps, done: Promise<TurnResult>): Promise<void> {
  let over = false;
  const end = () => void (over = true);
  done.then(end, end);
  const typing = (timeoutMs: number) =>
    d.api.call("sendChatAction", { chat_id: d.chatId, action: "typing" }, { timeoutMs });
  try {
    await typing(TYPING_FIRST_MS);
  } catch (e) {
    d.log(`telegram: warning: typing indicator failed: ${(e as Error).message}`);
  }
  while (!over) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([done, new Promise((r) => (timer = setTimeout(r, TYPING_EVERY_MS)))]);
    clearTimeout(timer);
    // Bounded by its own period, so a hung call never holds the reply long.
    if (!over) await typing(TYPING_EVERY_MS).catch((e: Error) => d.log(`telegram: typing: ${e.message}`));
  }
}

/** The restart message for a turn cut by shutdown (L-82, L-84): best effort, 5 s, failures logged. */
export async function tellCut(d: Pick<ReplyDeps, "outbox" | "log">): Promise<void> {
  try {
    await d.outbox.text(T_TG.restartCut, AbortSignal.timeout(CUT_NOTICE_MS));
  } catch (e) {
    d.log(`telegram: restart notice not sent: ${(e as Error).message}`);
  }
}
