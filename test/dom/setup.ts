// Preload for the DOM layer only (`bun test --preload ./test/dom/setup.ts test/dom`): happy-dom as
// the global window, with Bun's own network and stream classes put back (happy-dom's replacements
// break Bun), relative fetches resolved against location, and the page's own scripts loaded.
import { afterEach } from "bun:test";
import { GlobalRegistrator } from "@happy-dom/global-registrator";
import * as HappyDom from "happy-dom";

const keep = ["fetch", "Request", "Response", "Headers", "AbortController", "AbortSignal", "ReadableStream", "WritableStream", "TransformStream", "TextEncoder", "TextDecoder", "URL", "URLSearchParams", "WebSocket"] as const;
const saved = Object.fromEntries(keep.map((k) => [k, (globalThis as Record<string, unknown>)[k]]));
GlobalRegistrator.register({ url: "http://127.0.0.1:8420/" });
for (const k of keep) (globalThis as Record<string, unknown>)[k] = saved[k];

// In a browser every DOM interface names itself (`[object MutationObserver]`); several of happy-dom's
// do not, so Alpine's reactivity takes their instances for plain objects and wraps them in a Proxy, on
// which their private fields throw. Name them as a browser does.
for (const [name, value] of Object.entries(HappyDom)) {
  if (typeof value !== "function" || !/^[A-Z]/.test(name) || typeof value.prototype !== "object") continue;
  if (Object.prototype.toString.call(Object.create(value.prototype)) !== "[object Object]") continue;
  Object.defineProperty(value.prototype, Symbol.toStringTag, { value: name, configurable: true });
}

/** Alpine reports a failing expression as a warning with the element dumped; here it fails the test. */
export const alpineErrors: string[] = [];
afterEach(() => {
  const seen = alpineErrors.splice(0);
  if (seen.length > 0) throw new Error(`Alpine expression errors: ${seen.join(" | ")}`);
});
