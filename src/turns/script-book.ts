// script_store as tool_script sees it (H-40…H-42): one agent's namespace, chosen by the server, with a
// load of one key and the all-or-nothing commit of a finished script's writes. The turn host and script
// jobs build it from the store, so tools/ never imports store/.
import type { Store } from "../store/db.ts";
import { applyWrites, convNamespace, jobNamespace, loadValue } from "../store/script-store.ts";
import type { ScriptBook } from "../tools/script-support.ts";

export function scriptBook(store: Store, agentId: string, namespace: string): ScriptBook {
  return {
    namespace,
    load: (key) => loadValue(store, agentId, namespace, key),
    commit: (writes) => applyWrites(store, agentId, namespace, writes),
  };
}

/** A turn's namespace: `job:<schedule id>` when a job opened its conversation, else `conv:<id>` (H-41). */
export function turnNamespace(conv: { id: string; source: string }): string {
  if (!conv.source.startsWith("job:")) return convNamespace(conv.id);
  const jobId = conv.source.slice("job:".length);
  return jobNamespace(jobId.slice(jobId.indexOf("/") + 1));
}
