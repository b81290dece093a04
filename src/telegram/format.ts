// Text shaping for the chat (L-26…L-29, L-75): attachment lines pulled out, the Markdown Telegram would
// show literally stripped, and the rest cut into messages of at most 4 096 characters.

/** Telegram's limit for one message's text (L-26). */
export const CHUNK_MAX = 4096;

/** A `MEDIA: <path>` or `FILE: <path>` line of an answer (H-04, L-29, L-46). */
export type Attachment = { kind: "MEDIA" | "FILE"; path: string };

const ATTACHMENT = /^\s*(MEDIA|FILE):\s*(\S.*?)\s*$/;

/** Splits an answer into its text and its attachment lines, in order. */
export function pullAttachments(text: string): { text: string; attachments: Attachment[] } {
  const attachments: Attachment[] = [];
  const kept: string[] = [];
  for (const line of text.split("\n")) {
    const m = ATTACHMENT.exec(line);
    if (m) attachments.push({ kind: m[1] as Attachment["kind"], path: m[2]! });
    else kept.push(line);
  }
  return { text: kept.join("\n").trim(), attachments };
}

const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;
const HEADING = /^#{1,6}\s+/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const BOLD = /\*\*(?=\S)(.+?)(?<=\S)\*\*/g;
// A `*` between two letters or two digits (2*3) is no emphasis (L-28).
const ITALIC = /(?<![\p{L}\p{N}*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\p{L}\p{N}*])/gu;

/** Strips the Markdown Telegram would show literally (L-27, L-28): line shapes only at a line's start. */
export function stripMarkdown(text: string): string {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (RULE.test(line)) out.push("");
    else if (TABLE_ROW.test(line) && TABLE_SEPARATOR.test(line)) continue;
    else if (TABLE_ROW.test(line)) out.push(inline(tableRow(line)));
    else out.push(inline(line.replace(HEADING, "")));
  }
  return out.join("\n");
}

function inline(line: string): string {
  return line.replace(BOLD, "$1").replace(ITALIC, "$1");
}

function tableRow(line: string): string {
  const cells = line.trim().slice(1, -1).split("|");
  return cells.map((c) => c.trim()).join(" · ");
}

/** Cuts text into chunks of at most `max` characters, at line boundaries where a line fits. */
export function chunkText(text: string, max = CHUNK_MAX): string[] {
  const chunks: string[] = [];
  let current = "";
  const flush = () => {
    if (current.trim()) chunks.push(current.replace(/\n+$/, ""));
    current = "";
  };
  for (const line of text.split("\n")) {
    const joined = current ? `${current}\n${line}` : line;
    if (joined.length <= max) {
      current = joined;
      continue;
    }
    flush();
    let rest = line;
    while (rest.length > max) {
      const cut = cutAt(rest, max);
      chunks.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  flush();
  return chunks;
}

/** Where to cut a line too long for one chunk: the last space in range, never inside a surrogate pair. */
function cutAt(line: string, max: number): number {
  const space = line.lastIndexOf(" ", max - 1);
  if (space > max / 2) return space + 1;
  const code = line.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** An answer as the chat receives it: text chunks (Markdown stripped) and the attachments to send. */
export function shapeReply(text: string, max = CHUNK_MAX): { chunks: string[]; attachments: Attachment[] } {
  const pulled = pullAttachments(text);
  return { chunks: chunkText(stripMarkdown(pulled.text), max), attachments: pulled.attachments };
}
