// Photos and documents the owner sends (L-31…L-33, L-41): each saved into the master's inbox/ (the largest
// photo size; a document under its own name made plain), and the turn's text names every saved path, then
// the caption. A file that cannot be fetched is answered in the chat and no turn runs.
import { extname } from "node:path";
import { plainName } from "../tools/web/inbox.ts";
import { TTgMedia } from "../texts/vi-tg-media.ts";
import { BOT_DOWNLOAD_MAX_BYTES, dropSaved, fetchIntoInbox, megabytes, type FileInDeps } from "./file-in.ts";
import type { MediaIn, MediaOutcome, TgMessage, TgPhotoSize } from "./types.ts";
import { voice, type VoiceDeps } from "./voice.ts";

export type MediaInDeps = FileInDeps & VoiceDeps;

export function mediaIn(deps: MediaInDeps): MediaIn {
  return {
    attachments: (messages) => attachments(deps, messages),
    voice: (message) => voice(deps, message),
  };
}

/** One message, or an album's messages in order (caption on one of them). */
async function attachments(d: FileInDeps, messages: TgMessage[]): Promise<MediaOutcome> {
  const saved: string[] = [];
  for (const m of messages) {
    const file = wanted(m);
    if (!file) continue;
    const got = await fetchIntoInbox(d, { ...file, maxBytes: BOT_DOWNLOAD_MAX_BYTES });
    if (!got.ok) {
      dropSaved(d, saved);
      return { reply: got.tooBig === null ? TTgMedia.downloadFailed : TTgMedia.fileTooBig(megabytes(got.tooBig)) };
    }
    saved.push(got.path);
  }
  const caption = messages.find((m) => m.caption?.trim())?.caption?.trim();
  return { text: [...saved.map(TTgMedia.saved), ...(caption ? [caption] : [])].join("\n") };
}

function wanted(m: TgMessage) {
  if (m.photo?.length) {
    const p = largest(m.photo);
    return { fileId: p.file_id, size: p.file_size, nameFor: (path: string) => `photo${extname(path) || ".jpg"}` };
  }
  const doc = m.document;
  if (!doc) return null;
  const nameFor = (path: string) => plainName(doc.file_name ?? path, `document${plainExt(path)}`);
  return { fileId: doc.file_id, size: doc.file_size, nameFor };
}

/** Telegram lists a photo's sizes smallest first; the area decides, not the order. */
function largest(sizes: TgPhotoSize[]): TgPhotoSize {
  return sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
}

function plainExt(path: string): string {
  const ext = extname(path);
  return /^\.[A-Za-z0-9]{1,8}$/.test(ext) ? ext : "";
}
