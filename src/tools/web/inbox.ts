// Where fetch_url keeps what it cannot show as text (a PDF, an image): the agent's workspace under
// inbox/, named <YYYYMMDD-HHMMSS>-<safe name> (UTC), never overwriting and never outside the workspace.
import { mkdirSync, writeFileSync } from "node:fs";
import type { ToolContext } from "../define.ts";
import { mustResolve } from "../paths.ts";

export const INBOX = "inbox";
const NAME_MAX = 80;

/** Saves `body` and returns its workspace-relative path. Throws a sentence when it cannot. */
export function saveToInbox(ctx: ToolContext, url: string, ext: string, body: Uint8Array, now = new Date()): string {
  mkdirSync(mustResolve(ctx, INBOX), { recursive: true });
  const base = `${stamp(now)}-${safeName(url, ext)}`;
  const dot = base.lastIndexOf(".");
  for (let n = 1; n < 100; n++) {
    const name = n === 1 ? base : `${base.slice(0, dot)}-${n}${base.slice(dot)}`;
    const rel = `${INBOX}/${name}`;
    try {
      writeFileSync(mustResolve(ctx, rel), body, { flag: "wx" });
      return rel;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new Error(`The download could not be saved to ${rel}: ${(e as Error).message}.`);
      }
    }
  }
  throw new Error(`Too many downloads named ${base} in ${INBOX}/; delete some and fetch again.`);
}

/** The URL's last path segment reduced to letters, digits, dot, dash and underscore, with `ext`. */
export function safeName(url: string, ext: string): string {
  let last = "";
  try {
    last = decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).pop() ?? "");
  } catch {
    last = "";
  }
  let name = last.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+|[.-]+$/g, "");
  const wanted = `.${ext}`;
  if (!name.toLowerCase().endsWith(wanted) && !(ext === "jpg" && /\.jpe?g$/i.test(name))) {
    name = name.replace(/\.[A-Za-z0-9]{1,5}$/, "");
    name = `${name || "download"}${wanted}`;
  }
  if (name.length > NAME_MAX) name = `${name.slice(0, NAME_MAX - wanted.length)}${wanted}`;
  return name.startsWith(".") ? `download${name}` : name;
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}` +
      `${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}
