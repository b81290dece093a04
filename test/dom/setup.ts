// Preload for the DOM layer only (`bun test --preload ./test/dom/setup.ts test/dom`): happy-dom as
// the global window, with Bun's own network and stream classes put back (happy-dom's replacements
// break Bun), relative fetches resolved against location, and the page's own scripts loaded.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

const keep = ["fetch", "Request", "Response", "Headers", "AbortController", "AbortSignal", "ReadableStream", "WritableStream", "TransformStream", "TextEncoder", "TextDecoder", "URL", "URLSearchParams", "WebSocket"] as const;
const saved = Object.fromEntries(keep.map((k) => [k, (globalThis as Record<string, unknown>)[k]]));
GlobalRegistrator.register({ url: "http://127.0.0.1:8420/" });
for (const k of keep) (globalThis as Record<string, unknown>)[k] = saved[k];
