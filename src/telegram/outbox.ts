// Everything the bot says goes out here (★ exactly once): a reply is a list of pieces — text chunks and
// files — each recorded in telegram_sent once Telegram accepted it, so a reply rebuilt later (after a
// decision or a restart) skips what the owner already has. `deliver` is the same path for a job's answer.
import { MASTER } from "../config/agent-schema.ts";
import type { Redactor } from "../export/redact.ts";
import type { Store } from "../store/db.ts";
import { digestOf, recordSent, wasSent } from "../store/telegram-sent.ts";
import { T_TG } from "../texts/vi-tg-chat.ts";
import { chunkText, shapeReply, stripMarkdown, type Attachment } from "./format.ts";
import { prepareAttachment, sendFile, type Speaker } from "./media-out.ts";
import { TelegramError, type BotApi } from "./types.ts";

/** One message of a reply: text, or a file an answer named; `idx` is its stable place in the reply. */
export type Piece = { idx: number; text: string } | { idx: number; attachment: Attachment; speaker: Speaker };

/** Pieces of one answer from `base` on: its text chunks first, then its files (offset by FILES_AT). */
export const FILES_AT = 500;

export type OutboxDeps = {
  api: BotApi; store: Store; chatId: number; log: (line: string) => void;
  /** Masks secrets in canvas titles and texts sent as files (L-54): `redactor(env)` of export/redact.ts. */
  redact: Redactor;
};

export type DeliverOptions = {
  /** The run id the text belongs to: delivering it again sends nothing new. */
  key: string;
  /** The speaking agent's workspace, where its MEDIA: paths resolve (L-65). */
  workspace: string;
  /** The speaking agent (its canvases); the master by default. */
  agentId?: string;
  /** `[Name]` for a member agent's answer (L-65). */
  prefix?: string;
};

export class Outbox {
  /** The reply being sent per key: two reads of one run (a pause and its quick continuation) take turns. */
  private sending = new Map<string, Promise<void>>();

  constructor(private readonly d: OutboxDeps) {}

  /** A job's answer (L-64, L-65): formatted, chunked, its files sent, each piece recorded under `key`. */
  async deliver(text: string, o: DeliverOptions): Promise<void> {
    const speaker = { agentId: o.agentId ?? MASTER, workspace: o.workspace };
    await this.send(o.key, answerPieces(o.prefix ? `${o.prefix} ${text}` : text, 0, speaker));
  }

  /** Sends the pieces not yet recorded under `key`, in order; a text Telegram refuses stops the reply. */
  send(key: string, pieces: Piece[]): Promise<void> {
    const before = this.sending.get(key) ?? Promise.resolve();
    const mine = before.catch(() => {}).then(async () => {
      for (const p of pieces) {
        if ("text" in p) await this.once(key, p.idx, p.text, () => this.text(p.text));
        else await this.file(key, p);
      }
    });
    this.sending.set(key, mine);
    void mine.catch(() => {}).finally(() => this.sending.get(key) === mine && this.sending.delete(key));
    return mine;
  }

  /**
   * A runtime notice (a job's failure, reminder or recovery line, L-71…L-77): Markdown stripped and chunked
   * like every message, but a line shaped like `MEDIA:`/`FILE:` stays text and sends no file (L-75).
   * The scheduler's `Channel.send`: it rejects when Telegram refused it or `signal` ended the wait.
   */
  async notice(text: string, signal?: AbortSignal): Promise<void> {
    for (const chunk of chunkText(stripMarkdown(text))) await this.text(chunk, signal);
  }

  /** One plain text message. */
  text(text: string, signal?: AbortSignal): Promise<unknown> {
    return this.d.api.call("sendMessage", { chat_id: this.d.chatId, text }, { signal });
  }

  private async once(key: string, idx: number, content: string, send: () => Promise<unknown>): Promise<void> {
    const piece = { key, idx, digest: digestOf(content) };
    if (wasSent(this.d.store, piece)) return;
    await send();
    recordSent(this.d.store, piece);
  }

  private async file(key: string, p: Extract<Piece, { attachment: Attachment }>): Promise<void> {
    const out = prepareAttachment(this.d.store, p.attachment, p.speaker, this.d.redact);
    const what = `${p.attachment.kind}:${p.attachment.path}`;
    if ("notice" in out) return this.once(key, p.idx, `${what}\n${out.notice}`, () => this.text(out.notice));
    try {
      await this.once(key, p.idx, what, () => sendFile(this.d.api, this.d.chatId, out));
    } catch (e) {
      if (!(e instanceof TelegramError) || e.status === 0) throw e;
      // Refused by Telegram (too large, wrong type): the owner is told to open the web UI instead (L-49).
      this.d.log(`telegram: file ${p.attachment.path} refused: ${e.description}`);
      const notice = T_TG.mediaRefused(p.attachment.path);
      await this.once(key, p.idx, `${what}\n${notice}`, () => this.text(notice));
    }
  }
}

/** The pieces of one answer: its text chunks at base, base+1, …, then its files from base+FILES_AT. */
export function answerPieces(text: string, base: number, speaker: Speaker): Piece[] {
  const shaped = shapeReply(text);
  const seen = new Set<string>();
  // Each file is sent at most once per answer (L-48).
  const files = shaped.attachments.filter((a) => !seen.has(a.path) && seen.add(a.path));
  return [
    ...shaped.chunks.map((chunk, i) => ({ idx: base + i, text: chunk })),
    ...files.map((attachment, k) => ({ idx: base + FILES_AT + k, attachment, speaker })),
  ];
}
