// One file the owner sent, fetched from Telegram (getFile, then the download) into the master's inbox/ as
// <YYYYMMDD-HHMMSS>-<name> (L-31, L-36), refused by size before any byte is fetched.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { saveInInbox } from "../tools/web/inbox.ts";
import type { BotApi, TgFile } from "./types.ts";

/** The most a bot may download from Telegram (getFile refuses bigger files). */
export const BOT_DOWNLOAD_MAX_BYTES = 20 * 1024 * 1024;

export type FileInDeps = {
  api: BotApi;
  /** The master's workspace now (the crew is rebuilt in place). */
  workspace: () => string;
  log: (line: string) => void;
  now?: () => Date;
};

/** Saved (its workspace-relative path), too big (the size in bytes), or failed (already logged). */
export type FileIn = { ok: true; path: string } | { ok: false; tooBig: number | null };

/**
 * Fetches `fileId` into inbox/. `size` is what the message said (may be absent); getFile's own size is
 * checked too. `nameFor` turns Telegram's file_path into the plain name to save under.
 */
export async function fetchIntoInbox(
  d: FileInDeps,
  file: { fileId: string; size?: number; maxBytes: number; nameFor: (filePath: string) => string },
): Promise<FileIn> {
  if ((file.size ?? 0) > file.maxBytes) return { ok: false, tooBig: file.size! };
  try {
    const meta = await d.api.call<TgFile>("getFile", { file_id: file.fileId });
    if ((meta.file_size ?? 0) > file.maxBytes) return { ok: false, tooBig: meta.file_size! };
    if (!meta.file_path) throw new Error("getFile gave no file_path");
    const bytes = await d.api.download(meta.file_path);
    if (bytes.length > file.maxBytes) return { ok: false, tooBig: bytes.length };
    return { ok: true, path: saveInInbox(d.workspace(), file.nameFor(meta.file_path), bytes, d.now?.()) };
  } catch (e) {
    d.log(`telegram: file ${file.fileId} not saved: ${(e as Error)?.message ?? e}`);
    return { ok: false, tooBig: null };
  }
}

/** Removes files saved for a message that is refused after all (a later file of its album failed). */
export function dropSaved(d: FileInDeps, paths: string[]): void {
  for (const p of paths) rmSync(join(d.workspace(), p), { force: true });
}

/** Megabytes with one decimal, as the refusals word sizes. */
export function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
