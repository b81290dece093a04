// The chat's handler of what the poller hands over (IncomingHandler): a voice note or audio file is
// transcribed first (the transcript is never a command, L-37), photos and documents — an album is one
// Incoming — are saved first (captions are never commands, L-33), and text is a command or a message.
import type { TelegramChat } from "./chat.ts";
import { parseCommand, runCommand } from "./commands.ts";
import type { Incoming, IncomingHandler, MediaIn, MediaOutcome } from "./types.ts";

export function telegramRouter(chat: TelegramChat, media: MediaIn, botName?: string): IncomingHandler {
  const settle = (out: MediaOutcome, incoming: Incoming) =>
    "reply" in out ? chat.reply(out.reply, incoming) : chat.message(out.text, incoming, true);
  return async (incoming) => {
    const first = incoming.messages[0];
    if (!first) return incoming.handled();
    if (first.voice || first.audio) return settle(await media.voice(first), incoming);
    if (incoming.messages.some((m) => m.photo?.length || m.document)) {
      return settle(await media.attachments(incoming.messages), incoming);
    }
    const text = first.text ?? "";
    // Stickers, locations and the like carry no text: nothing to answer.
    if (!text.trim()) return incoming.handled();
    const command = parseCommand(text, botName);
    if (command) return chat.reply(runCommand(chat, command), incoming);
    return chat.message(text, incoming);
  };
}
