// One Telegram bot for the master (L-21): who it is (getMe), its commands registered once per process
// (L-50), the poll loop (poll.ts) and its state for Manage → settings. Stopping (L-81) cuts an idle long
// poll at once, lets running turns finish for at most 30 s and returns only once the loop has ended.
import type { Store } from "../store/db.ts";
import { settledWithin } from "../turns/settle.ts";
import { pollLoop, POLL_DELAYS, type PollDelays, type PollEvent } from "./poll.ts";
import type { BotApi, IncomingHandler, TgUser } from "./types.ts";

export type BotCommand = { command: string; description: string };

/** What Manage → settings shows; `lastError` comes from a TelegramError, already without the token. */
export type BotState = { polling: boolean; lastUpdateAt: string | null; lastError: string | null };

export type BotOptions = {
  api: BotApi;
  chatId: number;
  store: Store;
  offsetFile: string;
  handler: IncomingHandler;
  /** The chat's commands (the router's list), registered with setMyCommands once per process (L-50). */
  commands: BotCommand[];
  /** The bot ids this process registered commands for already (the channel's, one per process). */
  registered: Set<number>;
  /** The turns this bot's chat is running now: stopping waits for them (L-81). */
  turns: () => Promise<unknown>[];
  /** Cancels the chat's turns still running when the wait is over (their reader tells the chat). */
  cancel?: () => void;
  log: (line: string) => void;
  delays?: Partial<PollDelays>;
};

/** How long stopping lets running turns finish (L-81). */
export const STOP_WAIT_MS = 30_000;

export class TelegramBot {
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  private current: BotState = { polling: false, lastUpdateAt: null, lastError: null };
  private who: TgUser | null = null;

  constructor(private readonly o: BotOptions) {}

  /** Who the bot is (getMe), once it answered: the router reads its username for `/cmd@bot` (L-52). */
  me(): TgUser | null {
    return this.who;
  }

  state(): BotState {
    return { ...this.current };
  }

  /** Starts the loop in the background: getMe (retried until it answers), commands, then polling. */
  start(): void {
    this.loop ??= this.run().catch((e) => this.o.log(`telegram: the poll loop ended: ${(e as Error).message}`));
  }

  /** Stops polling and waits for the loop, then ≤30 s for the chat's turns; false when some were cancelled. */
  async stop(waitMs = STOP_WAIT_MS): Promise<boolean> {
    this.abort.abort();
    await this.loop;
    this.current.polling = false;
    const finished = await settledWithin(this.o.turns(), waitMs);
    if (!finished) {
      this.o.log(`telegram: a turn still runs after ${waitMs / 1000} s; cancelling it`);
      this.o.cancel?.();
    }
    return finished;
  }

  private async run(): Promise<void> {
    const me = await this.whoAmI();
    if (!me) return;
    this.who = me;
    await this.registerCommands(me.id);
    const signal = this.abort.signal;
    const { api, chatId, store, offsetFile, handler, log, delays } = this.o;
    const report = (e: PollEvent) => this.note(e);
    await pollLoop({ api, botId: me.id, chatId, store, offsetFile, handler, log, signal, delays, report });
  }

  /** getMe until it answers or the bot stops; a wrong token keeps failing, visibly, without a busy loop. */
  private async whoAmI(): Promise<TgUser | null> {
    const waits = { ...POLL_DELAYS, ...this.o.delays }.errorMs;
    let failing = "";
    for (let n = 0; !this.abort.signal.aborted; n++) {
      try {
        const me = await this.o.api.call<TgUser>("getMe", {}, { signal: this.abort.signal });
        this.current.lastError = null;
        return me;
      } catch (e) {
        if (this.abort.signal.aborted) break;
        const why = (e as Error).message;
        this.note({ kind: "error", text: why });
        if (why !== failing) this.o.log(why);
        failing = why;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, waits[Math.min(n, waits.length - 1)]);
          this.abort.signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
        });
      }
    }
    return null;
  }

  private async registerCommands(botId: number): Promise<void> {
    if (this.o.registered.has(botId) || this.o.commands.length === 0) return;
    try {
      await this.o.api.call("setMyCommands", { commands: this.o.commands }, { signal: this.abort.signal });
      this.o.registered.add(botId);
    } catch (e) {
      if (!this.abort.signal.aborted) this.o.log((e as Error).message);
    }
  }

  private note(e: PollEvent): void {
    if (e.kind === "error") Object.assign(this.current, { polling: false, lastError: e.text });
    else if (e.kind === "polled") Object.assign(this.current, { polling: true, lastError: null });
    else this.current.lastUpdateAt = new Date().toISOString();
  }
}
