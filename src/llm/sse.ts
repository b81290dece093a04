// A small Server-Sent Events reader over a fetch Response body. Events may arrive split across network
// chunks (even mid-line); a blank line ends an event. Errors of the underlying read (a lost connection,
// an abort) propagate to the caller, which classifies them.

export type SseEvent = { event: string | null; data: string };

/** Yields each complete event of the body; an unterminated event at the end is dropped. */
export async function* readSse(body: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<SseEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer = normalize(buffer + value);
      let end = buffer.indexOf("\n\n");
      while (end !== -1) {
        const event = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
        end = buffer.indexOf("\n\n");
      }
    }
  } finally {
    // Stopping early (the consumer broke off) must release the connection, not leave it streaming.
    reader.cancel().catch(() => {});
  }
}

/** CRLF and CR become LF; a trailing CR waits, since its LF may open the next chunk. */
function normalize(text: string): string {
  const held = text.endsWith("\r") ? "\r" : "";
  return (held ? text.slice(0, -1) : text).replace(/\r\n?/g, "\n") + held;
}

/** One event block: `event:` names it, `data:` lines join with "\n", `:` lines are comments. */
export function parseEvent(block: string): SseEvent | null {
  let event: string | null = null;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  return { event, data: data.join("\n") };
}
