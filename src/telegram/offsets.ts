// MY_AGENT_HOME/telegram.offset (L-78): "<bot id> <offset>", the first update id not yet handled. It is
// written before each update is handled and read at start; a file of another bot means start from 0.
import { readFileSync, renameSync, writeFileSync } from "node:fs";

/** The offset to poll from for `botId`: the file's, or 0 when it is missing, unreadable or another bot's. */
export function readOffset(file: string, botId: number): number {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return 0;
  }
  const m = /^(-?\d+) (\d+)\s*$/.exec(text);
  if (!m || Number(m[1]) !== botId) return 0;
  return Number(m[2]);
}

/** Replaces the file whole (a temp file renamed over it), so a kill never leaves half a line. */
export function writeOffset(file: string, botId: number, offset: number): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${botId} ${offset}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}
