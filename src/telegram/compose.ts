// The Telegram chat as the server composes it (issue 14): for each bot the channel builds, the chat
// (chat.ts) with its router (router.ts) and incoming media (media-in.ts); the chat that reads the channel's
// turns while a bot runs — for the host's follower and the cut-turn reader at boot (L-83) — and what a
// stopping bot waits for: the chat's reads, replies included (L-81).
import { MASTER } from "../config/agent-schema.ts";
import { redactor } from "../export/redact.ts";
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
