// The Telegram chat as the server composes it (issue 14): for each bot the channel builds, the chat
// (chat.ts) with its router (router.ts) and incoming media (media-in.ts); the chat that reads the channel's
// turns while a bot runs — for the host's follower and the cut-turn reader at boot (L-83) — and what a
// stopping bot waits for: the chat's reads, replies included (L-81); and the jobs' answers and failure
// notices sent through the chat's outbox.
import { MASTER } from "../config/agent-schema.ts";
import { redactor } from "../export/redact.ts";
import type { Channel, JobChannel } from "../scheduler/types.ts";
import { recordSideCall } from "../store/side-calls.ts";
import type { TelegramHandler } from "../turns/runtime.ts";
import { TelegramChat } from "./chat.ts";
import { COMMANDS } from "./commands.ts";
import { mediaIn } from "./media-in.ts";
import { telegramRouter } from "./router.ts";

export function telegramChat(env: Record<string, string | undefined>, log: (line: string) => void) {
  let chat: TelegramChat | null = null;
  const handler: TelegramHandler = (bot, parts) => {
    const current = new TelegramChat({
      api: bot.api, store: parts.store, host: parts.host, hub: parts.hub, crew: parts.crew, chatId: bot.chatId,
      approvalTtlSeconds: bot.block.approval_ttl_seconds, timezone: () => parts.settings.timezone, log,
      redact: redactor(env),
    });
    chat = current;
    const master = () => parts.crew().get(MASTER)!;
    const media = mediaIn({
      api: bot.api, log, workspace: () => master().workspace, audioRoutes: () => master().audioRoutes,
      // Transcriptions are side calls of the master, outside any run (L-40).
      record: (row) => void recordSideCall(parts.store, { ...row, agentId: MASTER }),
    });
    // The bot's username is known once getMe answered: `/status@<it>` is for this bot (L-52).
    return (incoming) => telegramRouter(current, media, bot.me()?.username)(incoming);
  };
  return { telegram: { handler, commands: COMMANDS, turns: () => chat?.reads() ?? [] }, chat: () => chat };
}

/** A prompt job's answer to the chat (L-64): each message sent once under its own key, through the outbox. */
export function jobChannel(chat: TelegramChat | null): JobChannel | null {
  if (!chat) return null;
  return {
    async deliver(messages, key) {
      for (const [i, m] of messages.entries()) {
        await chat.outbox.deliver(m.text, { key: `${key}#${i}`, workspace: m.workspace });
      }
      return true;
    },
  };
}

/** The jobs' failure notices to the chat (I-22…I-37, L-71…L-77): stripped and chunked, never a file. */
export function noticeChannel(chat: TelegramChat | null): Channel | null {
  return chat ? { send: (text, signal) => chat.outbox.notice(text, signal) } : null;
}
