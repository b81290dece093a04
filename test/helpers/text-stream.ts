// Reads a UI stream (text/event-stream of HTML fragments and named events) as raw text.

/** The stream as text, read until `until` holds for everything read so far (or 10 s pass). */
export async function readUntil(res: Response, until: (text: string) => boolean): Promise<string> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const timer = setTimeout(() => void reader.cancel(), 10_000);
  try {
    while (!until(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return text;
}
