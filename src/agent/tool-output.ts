// Tool output is bounded in one place: over tool_output_chars it is summarised by a side call
// when one is available and answers in time, else truncated with its full length stated.

export type Summariser = (text: string, maxChars: number) => Promise<string | null>;

export const SUMMARY_TIMEOUT_MS = 20_000;

export async function limitOutput(text: string, maxChars: number, summarise?: Summariser): Promise<string> {
  if (text.length <= maxChars) return text;
  if (summarise) {
    const summary = await withTimeout(summarise(text, Math.floor(maxChars / 2)), SUMMARY_TIMEOUT_MS).catch(() => null);
    if (summary && summary.trim()) {
      return `[Output of ${text.length} characters, summarised]\n${summary.trim().slice(0, maxChars)}`;
    }
  }
  return truncate(text, maxChars);
}

/** Head and tail kept, the middle dropped, the full length stated so the model knows. */
export function truncate(text: string, maxChars: number): string {
  const head = Math.floor(maxChars * 0.7);
  const tail = maxChars - head;
  const note = `\n…[truncated: the full output was ${text.length} characters]…\n`;
  return `${text.slice(0, head)}${note}${text.slice(text.length - tail)}`;
}

/** J-21: a failed step's text is stored as its first 200 characters, "…", its last 400. */
export function shortenError(text: string): string {
  return text.length <= 601 ? text : `${text.slice(0, 200)}…${text.slice(-400)}`;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([p, new Promise<null>((r) => setTimeout(() => r(null), ms).unref?.())]);
}
