// The JSON-lines protocol between runScript (parent) and the `__script` child: the only channel the child has.
// One JSON object per line in each direction; a line reader for either side.

/** Parent → child: the script to run, then one reply per host call the child asked for. */
export type ToChild =
  | { t: "start"; code: string; tools: string[]; memoryBytes: number; outputBytes: number; deadlineMs: number }
  | { t: "reply"; id: number; ok: true; json: string }
  | { t: "reply"; id: number; ok: false; error: string };

export type CallKind = "tool" | "classify" | "summarise" | "load";
export type StopReason = "time" | "memory" | "output";

/** Child → parent: ready after QuickJS loaded, host calls, printed text, and exactly one `done`. */
export type FromChild =
  | { t: "ready" }
  | { t: "call"; id: number; kind: CallKind; name: string; json: string; line: number | null }
  | { t: "print"; text: string; line: number | null }
  | { t: "done"; ok: true; stores: { key: string; json: string }[] }
  | { t: "done"; ok: false; stop: StopReason | null; message: string; line: number | null };

/** A child line as a message, or null when it is not one (the parent then ends the run). */
export function parseFromChild(line: string): FromChild | null {
  let m: unknown;
  try {
    m = JSON.parse(line);
  } catch {
    return null;
  }
  if (!m || typeof m !== "object") return null;
  const o = m as Record<string, unknown>;
  if (o.t === "ready") return o as FromChild;
  if (o.t === "print" && typeof o.text === "string") return o as FromChild;
  if (o.t === "call" && typeof o.id === "number" && typeof o.json === "string" && typeof o.name === "string") {
    return ["tool", "classify", "summarise", "load"].includes(o.kind as string) ? (o as FromChild) : null;
  }
  if (o.t === "done" && o.ok === true && Array.isArray(o.stores)) return o as FromChild;
  if (o.t === "done" && o.ok === false && typeof o.message === "string") return o as FromChild;
  return null;
}

/**
 * Yields the lines of a byte stream; a line longer than `maxChars` ends the reading with an error, so a child
 * cannot make the parent buffer without bound.
 */
export async function* readLines(stream: ReadableStream<Uint8Array>, maxChars: number): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    let at: number;
    while ((at = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
    }
    if (buffer.length > maxChars) throw new LineTooLong();
  }
  if (buffer) yield buffer;
}

export class LineTooLong extends Error {
  constructor() {
    super("line too long");
  }
}
