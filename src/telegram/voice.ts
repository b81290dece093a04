// A voice note or audio file from the owner (L-34…L-40): refused from its metadata when too long, too big or
// of an unknown format; explained when no audio route is set; otherwise saved into inbox/, transcribed
// through the master's audio_routes (25 s cap, ledger purpose transcribe) and the heard text sent back
// before it becomes the turn's text. A failure is a Vietnamese reason and no turn.
import { join } from "node:path";
import type { LedgerRow } from "../llm/metered.ts";
import { transcribe } from "../llm/transcribe.ts";
import type { Route } from "../llm/types.ts";
import { TMedia } from "../texts/vi-media.ts";
import { TTgMedia } from "../texts/vi-tg-media.ts";
import { plainName } from "../tools/web/inbox.ts";
import { fetchIntoInbox, megabytes, type FileInDeps } from "./file-in.ts";
import type { MediaOutcome, TgMessage } from "./types.ts";

export const VOICE_MAX_SECONDS = 300;
export const VOICE_MAX_BYTES = 10 * 1024 * 1024;
/** Telegram's longest message; a longer transcript is cut in the echo only, never in the turn. */
const MESSAGE_MAX_CHARS = 4096;

export type VoiceDeps = {
  /** The master's audio_routes now; empty when none is configured (L-39). */
  audioRoutes: () => Route[];
  /** One ledger row per answered transcription attempt (purpose transcribe, L-40). */
  record: (row: LedgerRow) => void;
  /** The transcription cap (25 s) unless a test shortens it. */
  transcribeTimeoutMs?: number;
};

const FORMATS = ["mp3", "m4a", "ogg", "wav", "flac", "aac"] as const;
const BY_EXTENSION: Record<string, (typeof FORMATS)[number]> = { oga: "ogg", opus: "ogg" };
const BY_MIME: Record<string, (typeof FORMATS)[number]> = {
  "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/mp4": "m4a", "audio/m4a": "m4a", "audio/x-m4a": "m4a",
  "audio/ogg": "ogg", "audio/opus": "ogg", "audio/wav": "wav", "audio/x-wav": "wav", "audio/wave": "wav",
  "audio/flac": "flac", "audio/x-flac": "flac", "audio/aac": "aac", "audio/x-aac": "aac",
};

export async function voice(d: FileInDeps & VoiceDeps, message: TgMessage): Promise<MediaOutcome> {
  const note = message.voice ?? message.audio;
  if (!note) return { reply: TMedia.unreadable };
  const format = formatOf(message);
  if (note.duration > VOICE_MAX_SECONDS) return { reply: TTgMedia.voiceTooLong(note.duration) };
  if ((note.file_size ?? 0) > VOICE_MAX_BYTES) return { reply: TTgMedia.voiceTooLarge(megabytes(note.file_size!)) };
  if (!format.ok) return { reply: TTgMedia.voiceFormat(format.shown) };
  const routes = d.audioRoutes();
  if (routes.length === 0) return { reply: TMedia.noRoute };
  const name = message.audio?.file_name ? plainName(message.audio.file_name, "") : "";
  const nameFor = () => (name.toLowerCase().endsWith(`.${format.ext}`) ? name : `voice.${format.ext}`);
  const got = await fetchIntoInbox(d, { fileId: note.file_id, size: note.file_size, maxBytes: VOICE_MAX_BYTES,
    nameFor });
  if (!got.ok) {
    return { reply: got.tooBig === null ? TTgMedia.downloadFailed : TTgMedia.voiceTooLarge(megabytes(got.tooBig)) };
  }
  const heard = await transcribe(join(d.workspace(), got.path), {
    routes, record: d.record, timeoutMs: d.transcribeTimeoutMs, chain: { log: d.log },
  });
  if (!heard.ok) {
    d.log(`telegram: voice note ${got.path} not transcribed: ${heard.cause}`);
    return { reply: heard.reason };
  }
  await echo(d, message.chat.id, heard.text);
  return { text: heard.text };
}

/** The heard text, so the sender can check the transcript before the turn runs (L-36); a failure is logged. */
async function echo(d: FileInDeps, chatId: number, text: string): Promise<void> {
  const chars = Array.from(TTgMedia.heard(text));
  const shown = chars.length > MESSAGE_MAX_CHARS
    ? `${chars.slice(0, MESSAGE_MAX_CHARS - 1).join("")}…`
    : chars.join("");
  try {
    await d.api.call("sendMessage", { chat_id: chatId, text: shown });
  } catch (e) {
    d.log(`telegram: the heard text was not sent: ${(e as Error)?.message ?? e}`);
  }
}

/** A voice note is Ogg/Opus unless it says otherwise; an audio file by its name, else its MIME type. */
function formatOf(m: TgMessage): { ok: true; ext: string } | { ok: false; shown: string } {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(m.audio?.file_name ?? "")?.[1]?.toLowerCase();
  const mime = (m.voice ?? m.audio)?.mime_type?.toLowerCase();
  const fromExt = ext ? ((FORMATS as readonly string[]).includes(ext) ? ext : BY_EXTENSION[ext]) : undefined;
  const found = fromExt ?? (mime ? BY_MIME[mime] : m.voice ? "ogg" : undefined);
  if (found) return { ok: true, ext: found };
  return { ok: false, shown: ext ?? mime ?? TTgMedia.unknownFormat };
}
