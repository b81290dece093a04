// TurnHost (B-02, B-22): turns the server reads itself. A web send, a queue drain, a continuation after
// a decision: each runs here to the end whatever the tabs do; tabs only watch. When a turn ends, the
// queue drains into one background turn (B-13). A conversation is busy from the instant start() is
// called (a decision claims it at once, B-19).
import type { TurnResult } from "../agent/events.ts";
import { runTurn } from "../agent/loop.ts";
import { toolSummariser } from "../agent/summarise.ts";
import type { ActivityHub } from "../activity/hub.ts";
import { listPending } from "../store/approvals.ts";
import { getConversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { lastSeq } from "../store/messages.ts";
import { clearQueue, moveToHistory } from "../store/queue.ts";
import { createRun, getRun, listRuns, setRunStatus } from "../store/runs.ts";
import { recordSideCall } from "../store/side-calls.ts";
import type { Crew } from "./crew.ts";
import { conversationDetail, conversationJson, runWithSteps } from "./json.ts";
import { observedTurnStore } from "./observed-store.ts";
import { sqlTurnStore } from "./sql-turn-store.ts";
import { TurnWatch } from "./watch.ts";

/** Who reads a turn: Stop reaches only turns this host reads (B-22, B-23). */
export type Reader = "host" | "telegram" | "job";

export type ActiveTurn = { conversationId: string; runId: string; source: string; reader: Reader; watch: TurnWatch; abort: AbortController; done: Promise<TurnResult> };

export type StartOptions = { source: string; reader?: Reader; afterSeq?: number; continueRunId?: string };

export class TurnHost {
  private active = new Map<string, ActiveTurn>();
  private draining = true;

  constructor(private readonly deps: { store: Store; crew: () => Crew; hub: ActivityHub; log: (line: string) => void }) {}

  running(conversationId: string): ActiveTurn | undefined {
    return this.active.get(conversationId);
  }

  waiting(conversationId: string): boolean {
    return listPending(this.deps.store, conversationId).length > 0;
  }

  /** What the conversation waits for: an approval, a question, or nothing. */
  waitingKind(conversationId: string): "approval" | "question" | null {
    return listPending(this.deps.store, conversationId)[0]?.kind ?? null;
  }

  /** Starts a turn on a conversation whose new user message (if any) is already stored. */
  start(conversationId: string, opts: StartOptions): ActiveTurn {
    const { store, hub } = this.deps;
    const conv = getConversation(store, conversationId);
    if (!conv) throw new Error(`conversation ${conversationId} not found`);
    const agent = this.deps.crew().get(conv.agentId);
    if (!agent) throw new Error(`agent ${conv.agentId} is not in the crew`);
    const run = opts.continueRunId
      ? setRunStatus(store, opts.continueRunId, "running")!
      : createRun(store, { agentId: conv.agentId, source: opts.source, conversationId, afterSeq: opts.afterSeq ?? lastSeq(store, conversationId) });
    const abort = new AbortController();
    const watch: TurnWatch = new TurnWatch((): unknown => conversationDetail(store, conversationId, !watch.isEnded));
    const turnStore = observedTurnStore(sqlTurnStore(store, conversationId, run.id), store, hub);
    hub.run(runWithSteps(store, run));
    const charge = (cost: number | null) => turnStore.charge(cost);
    const done = runTurn({
      store: turnStore,
      routes: agent.routes,
      escalation: agent.escalation,
      tools: agent.tools,
      system: agent.system(),
      emit: (e) => {
        watch.publish(e);
        hub.event(run.id, conversationId, e);
      },
      signal: abort.signal,
      toolContext: { workspace: agent.workspace, shell: agent.shell, agentId: agent.id, conversationId },
      limits: { maxSteps: agent.maxSteps, toolOutputChars: agent.toolOutputChars },
      agentAutonomous: agent.autonomous,
      summarise: toolSummariser(agent.routes, (row) => recordSideCall(store, { ...row, conversationId, runId: run.id, agentId: agent.id }), charge),
      log: this.deps.log,
    }).finally(() => this.finished(conversationId, active));
    const active: ActiveTurn = { conversationId, runId: run.id, source: opts.source, reader: opts.reader ?? "host", watch, abort, done };
    this.active.set(conversationId, active);
    return active;
  }

  /** Stop (B-21…B-24): clears the queue and cancels the turn if this host reads it. */
  stop(conversationId: string): { cleared: string[]; cancelled: boolean } {
    const cleared = clearQueue(this.deps.store, conversationId);
    const a = this.active.get(conversationId);
    if (!a || a.reader !== "host") return { cleared, cancelled: false };
    a.abort.abort("stop");
    return { cleared, cancelled: true };
  }

  /** After a delete (K-17): the host's turn closes as interrupted; a run paused for approval too. */
  forget(conversationId: string): void {
    const a = this.active.get(conversationId);
    if (a?.reader === "host") a.abort.abort("deleted");
    for (const r of listRuns(this.deps.store, { conversationId }).filter((r) => r.status === "waiting")) {
      setRunStatus(this.deps.store, r.id, "interrupted", { summary: "conversation deleted" });
    }
  }

  /** Boot (C-06): every conversation with queued messages drains, unless it waits for a decision. */
  drainAll(conversationIds: string[]): void {
    for (const id of conversationIds) this.drain(id);
  }

  /** Shutdown (O-09): stop draining first, then cut running turns leaving their runs `running`. */
  shutdown(): void {
    this.draining = false;
    for (const a of this.active.values()) a.abort.abort("shutdown");
  }

  private finished(conversationId: string, a: ActiveTurn): void {
    if (this.active.get(conversationId) === a) this.active.delete(conversationId);
    const conv = getConversation(this.deps.store, conversationId);
    const run = getRun(this.deps.store, a.runId);
    if (run) this.deps.hub.run(runWithSteps(this.deps.store, run));
    if (conv) this.deps.hub.conversation(conversationJson(conv));
    a.watch.end();
    if (conv) this.drain(conversationId);
  }

  private drain(conversationId: string): void {
    if (!this.draining || this.active.has(conversationId) || this.waiting(conversationId)) return;
    const afterSeq = lastSeq(this.deps.store, conversationId);
    const moved = moveToHistory(this.deps.store, conversationId, "all");
    if (!moved) return;
    this.start(conversationId, { source: moved.items[0]!.source, afterSeq });
  }
}
