// Loads ICU's date-format data on a worker thread while the main thread evaluates the server's modules:
// the first Intl.DateTimeFormat of a process costs 12-20 ms and its caches are process-wide, so the
// start-up's time-zone check (src/config/settings.ts) then finds them warm (docs/performance.md).
const SOURCE = "new Intl.DateTimeFormat().resolvedOptions(); postMessage(0);";

/** Starts the warm-up; the worker ends itself once ICU is loaded. Never throws: it only saves time. */
export function warmIcu(): void {
  try {
    const worker = new Worker(URL.createObjectURL(new Blob([SOURCE], { type: "text/javascript" })));
    worker.onmessage = () => worker.terminate();
  } catch {
    // A runtime without workers starts as before.
  }
}
