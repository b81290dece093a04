// Fault injection for the crash harness (test/crash/): with MY_CREW_CRASH_AT=<point>[:<n>] the process
// kills itself with SIGKILL the n-th time (default the first) it passes <point>, exactly like a power cut
// there. Unset — always, outside that harness — every crashPoint() call returns at once.

/** Where a kill can be injected; docs/durability.md lists the outcome at each. */
export type CrashPoint =
  | "turn-start" // a message and its run committed, the turn not yet running
  | "model-stream" // the first streamed item of a model call arrived, the rest not
  | "tool-before" // the model's tool calls recorded, the next call not started
  | "tool-started" // a tool call started (a shell command spawned), its result not recorded
  | "tool-done" // a tool call finished, its result not recorded
  | "run-finish" // the final answer recorded, the run's status not written
  | "queue-tx" // inside the queue-to-history transaction, before it commits
  | "decision-tx" // inside the approval-decision transaction, before it commits
  | "decision-committed" // a decision committed, its turn not yet continued
  | "resume-start" // a cut run reopened as resumed, its turn not yet running
  | "fork-tx" // inside the fork transaction: branch created, history copied, open calls closed
  | "telegram-offset" // telegram.offset names an update, its handling not yet begun
  | "telegram-begun" // an update's attempt counted, the handler not yet called
  | "telegram-accepted" // the handler accepted an update, the next one not begun
  | "telegram-held"; // an album's first updates held, the re-poll that confirms them not made

const [armed, nth] = parse(process.env.MY_CREW_CRASH_AT);
let hits = 0;

export function crashPoint(point: CrashPoint): void {
  if (point !== armed || ++hits < nth) return;
  process.kill(process.pid, "SIGKILL");
}

function parse(spec: string | undefined): [string | null, number] {
  if (!spec) return [null, 1];
  const [point, n] = spec.split(":");
  return [point ?? null, Math.max(1, Number(n) || 1)];
}
