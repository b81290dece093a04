// Runs are written and broadcast at step boundaries only (J-06, C-30): this wraps a TurnStore so that
// every recorded step, model call and finish also tells the activity hub the run changed (its id and
// status only: one row read per record, never the run's steps again).
// `textStored` runs once a model call's text is stored, before the push, so no viewer sees it twice.
import type { TurnStore } from "../agent/turn-store.ts";
import type { ActivityHub } from "../activity/hub.ts";
import type { Store } from "../store/db.ts";
import { getRun } from "../store/runs.ts";
import { runFrame } from "./json.ts";

export function observedTurnStore(inner: TurnStore, store: Store, hub: ActivityHub, textStored: () => void): TurnStore {
  const publish = () => {
    const run = getRun(store, inner.runId);
    if (run) hub.run(runFrame(run));
  };
  const after = <A extends unknown[], R>(fn: (...a: A) => R, first?: () => void) => (...a: A): R => {
    const r = fn(...a);
    first?.();
    publish();
    return r;
  };
  return {
    ...inner,
    runId: inner.runId,
    conversation: () => inner.conversation(),
    history: () => inner.history(),
    decisionFor: (id) => inner.decisionFor(id),
    modelCalls: () => inner.modelCalls(),
    recordModelCall: after(inner.recordModelCall, textStored),
    recordToolResult: after(inner.recordToolResult),
    recordAnswer: after(inner.recordAnswer, textStored),
    recordNote: (text) => inner.recordNote(text),
    recordStep: after(inner.recordStep),
    charge: after(inner.charge),
    requestDecision: (req) => inner.requestDecision(req),
    takeSteers: () => inner.takeSteers(),
    finish: after(inner.finish),
  };
}
