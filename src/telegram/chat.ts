// The chat's side of the master's conversations (L-22…L-25, L-58…L-63): today's conversation on
// `telegram:<chat_id>`, a message sent like the web sends one (queue, steer, busy), an open question
// answered by the next message, and every turn of the channel read back to the chat in the background.
import type { ActivityHub } from "../activity/hub.ts";
import { openOnChannel, todays, type ChannelOpen } from "../channels/inbound.ts";
import { MASTER } from "../config/agent-schema.ts";
import type { Redactor } from "../export/redact.ts";
import { localDate } from "../config/owner-time.ts";
import { listPending, type Approval } from "../store/approvals.ts";
import { getConversation, latestOnChannel, type Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { countQueued } from "../store/queue.ts";
import { T } from "../texts/vi.ts";
import { T_TG } from "../texts/vi-tg-chat.ts";
import { decide, send, type CommandDeps } from "../turns/commands.ts";
import type { Crew } from "../turns/crew.ts";
import type { ActiveTurn, Follower, TurnHost } from "../turns/host.ts";
import { settledWithin } from "../turns/settle.ts";
import { summarisePrevious } from "../turns/summary.ts";
import { catchUp } from "./catch-up.ts";
import { Outbox } from "./outbox.ts";
import { readTurn } from "./reply.ts";
import type { BotApi, Incoming } from "./types.ts";

/** The source of every turn the bot reads (its runs show it in activity). */
export const TELEGRAM_SOURCE = "telegram";

export type ChatDeps = {
  api: BotApi;
  store: Store;
  host: TurnHost;
  hub: ActivityHub;
  crew: () => Crew;
  /** The only chat the bot answers (the master's `telegram.chat_id`). */
  chatId: number;
  /** The block's `approval_ttl_seconds`: how long approvals of its conversations wait (L-13). */
  approvalTtlSeconds?: number;
  timezone: () => string;
  log: (line: string) => void;
  /** Masks secrets in canvases sent as files (L-54). */
  redact: Redactor;
  now?: () => Date;
};

export class TelegramChat {
  readonly outbox: Outbox;
  readonly channel: string;
  private reading = new Set<Promise<void>>();

  constructor(readonly d: ChatDeps) {
    this.outbox = new Outbox(d);
    this.channel = `telegram:${d.chatId}`;
  }

  get commandDeps(): CommandDeps {
    return { store: this.d.store, host: this.d.host, hub: this.d.hub };
  }

  /** An ordinary message for the master (text, a transcript, a caption with its saved paths). */
  async message(text: string, incoming: Incoming, literal = false): Promise<void> {
    const pending = this.pending();
    // While a question is open the next message is its answer (L-63); an approval gets a reminder (L-58).
    if (pending?.kind === "question") return this.answer(pending, text, incoming);
    if (pending) return this.reply(T_TG.reminder, incoming);
    const conv = this.today();
    // A new conversation of the chat opens with the previous one's summary in its first block (G-10).
    await summarisePrevious(this.d, conv);
    const out = send(this.commandDeps, {
      conversationId: conv.id, text, source: TELEGRAM_SOURCE, reader: "telegram", mark: incoming.handled, literal,
    });
    if (out.kind === "started") return this.read(out.turn);
    if (out.kind === "queued") return this.say(out.queueKind === "steer" ? T_TG.steered : T.inboundQueued);
    if (out.kind === "rejected") return this.reply(out.detail, incoming);
  }

  /** Sends a text that stores nothing, then records the update as handled. */
  async reply(text: string, incoming: Incoming): Promise<void> {
    try {
      await this.say(text);
    } finally {
      incoming.handled();
    }
  }

  /** One plain message of the channel itself (a command answer, a notice); a failure is logged. */
  async say(text: string): Promise<void> {
    await this.outbox.text(text).catch((e: Error) => this.d.log(`telegram: message not sent: ${e.message}`));
  }

  /** Today's conversation, or yesterday's while it is still busy (K-22), or a new one titled for today. */
  today(): Conversation {
    return todays({ ...this.d, timezone: this.d.timezone() }, this.opening());
  }

  /** The conversation the chat is on now, without opening one. */
  current(): Conversation | null {
    return latestOnChannel(this.d.store, this.channel, "", MASTER);
  }

  /** /new: a fresh conversation for the channel (the caller checked that nothing is pending). */
  openNew(): Conversation {
    return openOnChannel(this.d, this.opening());
  }

  busy(conversationId: string): { running: boolean; queued: number } {
    return { running: !!this.d.host.running(conversationId), queued: countQueued(this.d.store, conversationId) };
  }

  /** The oldest pending approval or question of any conversation of this chat (L-58: not only the newest). */
  pending(): Approval | null {
    return this.allPending()[0] ?? null;
  }

  allPending(): Approval[] {
    const ofChannel = (a: Approval) => getConversation(this.d.store, a.conversationId)?.channel === this.channel;
    return listPending(this.d.store).filter(ofChannel);
  }

  /** Reads a turn to the chat in the background; `settle` waits for every such read. */
  read(turn: ActiveTurn): void {
    this.track(readTurn({ ...this.d, outbox: this.outbox }, turn)
      .catch((e: Error) => this.d.log(`telegram: reading run ${turn.runId}: ${e.message}`)));
  }

  /** At boot, after resuming: the replies of recently ended runs the last process did not (all) send. */
  catchUp(): void {
    const sending = catchUp({ ...this.d, outbox: this.outbox }, { channel: this.channel, source: TELEGRAM_SOURCE });
    this.track(sending.catch((e: Error) => this.d.log(`telegram: catching up: ${e.message}`)));
  }

  private track(reading: Promise<void>): void {
    const p = reading.finally(() => this.reading.delete(p));
    this.reading.add(p);
  }

  /** The turns being read now, each settling once its reply was sent: stopping the bot waits for them. */
  reads(): Promise<void>[] {
    return [...this.reading];
  }

  /** Resolves when every turn being read has been answered (or cut), or after `ms`. */
  async settle(ms: number): Promise<void> {
    await settledWithin(this.reads(), ms);
  }

  private async answer(q: Approval, text: string, incoming: Incoming): Promise<void> {
    const out = decide(this.commandDeps, q.id, { answer: pickOption(q.options, text) });
    // The continuation is started by decide and read by the follower; a refusal is said.
    if (out.kind === "rejected") return this.reply(out.detail, incoming);
    incoming.handled();
  }

  private opening(): ChannelOpen {
    const day = localDate((this.d.now ?? (() => new Date()))(), this.d.timezone());
    return {
      channel: this.channel, agentId: MASTER, source: TELEGRAM_SOURCE,
      title: T_TG.title(day), approvalTtlSeconds: this.d.approvalTtlSeconds,
    };
  }
}

/** A bare number picks that option of the question's list; anything else is the answer as typed (L-63). */
export function pickOption(options: string[] | null, text: string): string {
  const n = /^\s*(\d+)\s*$/.exec(text)?.[1];
  const picked = n !== undefined ? options?.[Number(n) - 1] : undefined;
  return picked ?? text;
}

/**
 * The TurnHost follower for Telegram turns the host starts itself (a queue drain, a continuation after a
 * decision on the web or by /approve): registered once per host, it reads them while a chat is up.
 */
export function telegramFollower(chat: () => TelegramChat | null): Follower {
  return {
    reader: "telegram",
    reads: (source) => source === TELEGRAM_SOURCE && chat() !== null,
    take: (turn) => chat()?.read(turn),
  };
}
