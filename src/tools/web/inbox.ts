// The inbox/ folder of a workspace: what fetch_url cannot show as text (a PDF, an image) and what the owner
// sends over Telegram (L-31) is kept there as <YYYYMMDD-HHMMSS>-<plain name> (UTC), never overwriting and
// never outside the workspace.
import { mkdirSync, writeFileSync } from "node:fs";
import type { ToolContext } from "../define.ts";
import { resolveInWorkspace } from "../paths.ts";

export const INBOX = "inbox";
const NAME_MAX = 80;

/** Saves `body` and returns its workspace-relative path. Throws a sentence when it cannot. */
export function saveToInbox(ctx: ToolContext, url: string, ext: string, body: Uint8Array, now = new Date()): string {
  return saveInInbox(ctx.workspace, safeName(url, ext), body, now);
}

/**
 * Saves `body` as inbox/<stamp>-<name> (`name` already plain), adding -2, -3… before the extension when the
 * name is taken. Returns the workspace-relative path; throws a sentence when it cannot.
 */
export function saveInInbox(workspace: string, name: string, body: Uint8Array, now = new Date()): string {
  mkdirSync(inWorkspace(workspace, INBOX), { recursive: true });
  const base = `${stamp(now)}-${name}`;
  const dot = base.lastIndexOf(".") > base.indexOf("-") ? base.lastIndexOf(".") : base.length;
  for (let n = 1; n < 100; n++) {
    const rel = `${INBOX}/${n === 1 ? base : `${base.slice(0, dot)}-${n}${base.slice(dot)}`}`;
    try {
      writeFileSync(inWorkspace(workspace, rel), body, { flag: "wx" });
      return rel;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new Error(`The download could not be saved to ${rel}: ${(e as Error).message}.`);
      }
    }
  }
  throw new Error(`Too many downloads named ${base} in ${INBOX}/; delete some and fetch again.`);
}

/**
 * A name reduced to a plain file name: no path parts, only letters, digits, dot, dash and underscore, no
 * leading dot or dash, at most 80 characters (the extension kept); `fallback` when nothing is left.
 */
export function plainName(raw: string, fallback: string): string {
  const last = raw.split(/[\\/]/).pop() ?? "";
  // Accents dropped (d-stroke has no decomposition), so an accented name stays readable.
  const folded = last.normalize("NFKD").replace(/\p{M}+/gu, "").replace(/\u0111/g, "d").replace(/\u0110/g, "D");
  let name = folded.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+|[.-]+$/g, "");
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? "";
  if (name === ext) name = "";
  if (name.length > NAME_MAX) name = `${name.slice(0, NAME_MAX - ext.length)}${ext}`;
  return name || fallback;
}

/** The URL's last path segment reduced to letters, digits, dot, dash and underscore, with `ext`. */
export function safeName(url: string, ext: string): string {
  let last = "";
  try {
    last = decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).pop() ?? "");
  } catch {
    last = "";
  }
  let name = plainName(last, "");
  const wanted = `.${ext}`;
  if (!name.toLowerCase().endsWith(wanted) && !(ext === "jpg" && /\.jpe?g$/i.test(name))) {
    name = name.replace(/\.[A-Za-z0-9]{1,5}$/, "");
    name = `${name || "download"}${wanted}`;
  }
  if (name.length > NAME_MAX) name = `${name.slice(0, NAME_MAX - wanted.length)}${wanted}`;
  return name;
}

function inWorkspace(workspace: string, rel: string): string {
  const r = resolveInWorkspace(workspace, rel);
  if (!r.ok) throw new Error(r.reason);
  return r.abs;
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}` +
      `${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}
