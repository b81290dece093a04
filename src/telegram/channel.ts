// The master's Telegram channel as the runtime holds it (L-16…L-18, L-81, L-86): which bot the master's
// `telegram:` block and its token ask for, rebuilt in place only when the block, the token value or chat_id
// change (L-17), one bot at a time: the old bot's loop has ended before the new one polls.
import { maskInLogs } from "../cli/log.ts";
import type { AgentProfile } from "../config/agent-schema.ts";
import type { Store } from "../store/db.ts";
import { botApi } from "./api.ts";
import { TelegramBot, type BotCommand, type BotState } from "./bot.ts";
import type { PollDelays } from "./poll.ts";
import type { BotApi, IncomingHandler, TgUser } from "./types.ts";

export type TelegramBlock = NonNullable<AgentProfile["telegram"]>;
/** What a chat handler is built with: the bot's client, chat and block, and who it is once getMe answered. */
export type BotContext = { api: BotApi; chatId: number; block: TelegramBlock; me: () => TgUser | null };
/** Builds the chat's handler (the router) for one bot. */
export type HandlerFactory = (bot: BotContext) => IncomingHandler;

export type ChannelOptions = {
  store: Store;
  /** MY_AGENT_HOME/telegram.offset */
  offsetFile: string;
  /** The server's private environment: the token and TELEGRAM_BASE_URL are read from it at each rebuild. */
  env: Record<string, string | undefined>;
  log: (line: string) => void;
  handler: HandlerFactory;
  commands: BotCommand[];
  turns: () => Promise<unknown>[];
  cancel?: () => void;
  delays?: Partial<PollDelays>;
};

/** Manage → settings: is a block set, under which env name, is a bot running, and its poll state. */
export type TelegramState = BotState & {
  configured: boolean; tokenEnv: string | null; tokenSet: boolean; enabled: boolean;
};

type Wanted = { key: string; block: TelegramBlock; token: string | undefined; baseUrl: string | undefined };

export class TelegramChannel {
  private wanted: Wanted | null = null;
  private running: { key: string; bot: TelegramBot; api: BotApi; chatId: number } | null = null;
  private started = false;
  private queue: Promise<void> = Promise.resolve();
  /** setMyCommands once per process (L-50): the runtime holds one channel. */
  private readonly registered = new Set<number>();

  constructor(private readonly o: ChannelOptions) {}

  /**
   * Takes the master's profile (at build and after every save or reload). Only a change of the block, the
   * token value or the API address rebuilds the running bot; anything else leaves it alone (L-17).
   */
  configure(master: AgentProfile | undefined): Promise<void> {
    const block = master?.telegram;
    const token = block ? this.o.env[block.token_env]?.trim() || undefined : undefined;
    const baseUrl = this.o.env.TELEGRAM_BASE_URL?.trim() || undefined;
    maskInLogs(token);
    const key = block ? JSON.stringify([block, token, baseUrl]) : null;
    if (key === (this.wanted?.key ?? null)) return this.queue;
    this.wanted = block ? { key: key!, block, token, baseUrl } : null;
    if (block && !token) {
      this.o.log(`agent default: env var ${block.token_env} is not set; telegram channel disabled`);
    }
    return this.apply();
  }

  /**
   * Starts the bot the block asks for (serve.ts, unless --no-schedule). Resolves once it is built — its
   * handler exists, so cut turns resumed next have their reader — not once it polls.
   */
  start(): Promise<void> {
    this.started = true;
    return this.apply();
  }

  /** Stops the running bot (L-81); resolves once its loop has ended and its turns finished or 30 s passed. */
  stop(): Promise<void> {
    this.started = false;
    return this.apply();
  }

  /** The running bot's client and chat, for what is sent outside a chat turn (job delivery, L-64); else null. */
  current(): { api: BotApi; chatId: number } | null {
    return this.running ? { api: this.running.api, chatId: this.running.chatId } : null;
  }

  state(): TelegramState {
    const bot = this.running?.bot.state() ?? { polling: false, lastUpdateAt: null, lastError: null };
    const tokenEnv = this.wanted?.block.token_env ?? null;
    const tokenSet = !!this.wanted?.token;
    return { ...bot, configured: this.wanted !== null, tokenEnv, tokenSet, enabled: this.running !== null };
  }

  /** Brings the running bot in line with what is wanted, one change after another. */
  private apply(): Promise<void> {
    this.queue = this.queue.then(() => this.reconcile()).catch((e) => {
      this.o.log(`telegram: ${(e as Error).message}`);
    });
    return this.queue;
  }

  private async reconcile(): Promise<void> {
    const want = this.started && this.wanted?.token ? this.wanted : null;
    if (this.running && this.running.key === want?.key) return;
    if (this.running) {
      await this.running.bot.stop();
      this.running = null;
    }
    if (!want) return;
    const api = botApi(want.token!, want.baseUrl);
    const chatId = want.block.chat_id;
    const { store, offsetFile, log, commands, turns, cancel, delays } = this.o;
    let bot: TelegramBot | null = null;
    const handler = this.o.handler({ api, chatId, block: want.block, me: () => bot?.me() ?? null });
    const registered = this.registered;
    bot = new TelegramBot({
      api, chatId, store, offsetFile, handler, commands, registered, turns, cancel, log, delays,
    });
    this.running = { key: want.key, bot, api, chatId };
    bot.start();
    log("telegram channel enabled for default");
  }
}
