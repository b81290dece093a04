// SSE for htmx: HTML fragments as unnamed `data:` messages (swapped by htmx), named `event:` messages
// for the Alpine layer (dispatched as DOM events on the connecting element).
import type { UiFrame } from "../../views/live.ts";
import { sseResponse } from "./sse.ts";

export function uiSse(frames: AsyncIterable<UiFrame>, onClose?: () => void): Response {
  return sseResponse(frames, { encode: encodeUiFrame, onClose });
}

/** One `data:` line per HTML line, as SSE requires. */
export function encodeUiFrame(f: UiFrame): string {
  if ("html" in f) return `${f.html.split(/\r?\n/).map((l) => `data: ${l}`).join("\n")}\n\n`;
  return `event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`;
}
