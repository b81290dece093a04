// Files an answer names (L-29, L-46…L-49): `MEDIA:`/`FILE:` paths in the speaking agent's workspace (never
// outside it) and `artifact:<id>` canvases (named as the web's download names them), one upload each: images by
// sendPhoto (a refused photo goes again as a document), others by sendDocument, or a short notice.
import { readFileSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import type { Redactor } from "../export/redact.ts";
import { canvasFile as fileOfCanvas } from "../models/canvases.ts";
import { getCanvas, getVersion } from "../store/canvases.ts";
import type { Store } from "../store/db.ts";
import { T_TG } from "../texts/vi-tg-chat.ts";
import { resolveInWorkspace } from "../tools/paths.ts";
import type { Attachment } from "./format.ts";
import { TelegramError, TIMEOUTS, type BotApi, type Upload } from "./types.ts";

/** Telegram's limit for a file a bot uploads (L-49). */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;

const PHOTO = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp"]);

/** What an attachment line becomes: a file to upload, or a notice for the chat instead. */
export type Outgoing = { upload: Upload; caption?: string } | { notice: string };

/** Where an attachment is looked up: the speaking agent's workspace, and its canvases. */
export type Speaker = { agentId: string; workspace: string };

/** `redact` masks secrets in canvas titles and texts before they leave the machine (L-54). */
export function prepareAttachment(store: Store, a: Attachment, who: Speaker, redact: Redactor): Outgoing {
  if (a.path.startsWith("artifact:")) {
    return canvasFile(store, a.path.slice("artifact:".length).trim(), who, redact);
  }
  const resolved = resolveInWorkspace(who.workspace, a.path);
  if (!resolved.ok) return { notice: T_TG.mediaMissing(a.path) };
  let size: number;
  try {
    const st = statSync(resolved.abs);
    if (!st.isFile()) return { notice: T_TG.mediaMissing(a.path) };
    size = st.size;
  } catch {
    return { notice: T_TG.mediaMissing(a.path) };
  }
  if (size > FILE_MAX_BYTES) return { notice: T_TG.mediaTooBig(a.path) };
  const name = basename(resolved.abs);
  const field = PHOTO.has(extname(name).toLowerCase()) ? "photo" : "document";
  return { upload: { field, name, data: new Uint8Array(readFileSync(resolved.abs)) } };
}

/** The newest version of a canvas the agent owns, named as the web names its download (L-46…L-49). */
function canvasFile(store: Store, id: string, who: Speaker, redact: Redactor): Outgoing {
  const canvas = id ? getCanvas(store, id) : null;
  // A canvas of another agent gets the same notice as a missing one (L-47).
  if (!canvas || canvas.agentId !== who.agentId) return { notice: T_TG.canvasMissing(id) };
  const version = getVersion(store, canvas.id);
  if (!version) return { notice: T_TG.mediaRefused(canvas.title) };
  const title = redact(canvas.title);
  // Text leaves the machine masked (L-54); an image is not filtered.
  const content = canvas.kind === "image" ? version.content : redact(version.content);
  const file = fileOfCanvas({ ...canvas, title }, content);
  if (file.bytes.length > FILE_MAX_BYTES) return { notice: T_TG.mediaTooBig(file.name) };
  const upload: Upload = { field: file.photo ? "photo" : "document", name: file.name, data: file.bytes };
  return { upload, caption: T_TG.canvasCaption(title, canvas.version) };
}

/** Uploads one file; a photo Telegram refuses goes again as a document (L-48). */
export async function sendFile(api: BotApi, chatId: number, out: { upload: Upload; caption?: string }) {
  const params: Record<string, string | number> = { chat_id: chatId };
  if (out.caption) params.caption = out.caption;
  // Read from disk, so the server-wide limit applies rather than the in-memory one (L-80).
  const opts = { timeoutMs: TIMEOUTS.defaultMs };
  if (out.upload.field === "photo") {
    try {
      return await api.upload("sendPhoto", params, out.upload, opts);
    } catch (e) {
      if (!(e instanceof TelegramError) || e.status !== 400) throw e;
    }
  }
  return api.upload("sendDocument", params, { ...out.upload, field: "document" }, opts);
}
