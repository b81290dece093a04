// TurnHost (B-02, B-22): turns the server reads itself. A web send, a queue drain, a continuation after
// a decision, a turn resumed after a restart: each runs here to the end whatever the tabs do; tabs only
// watch. When a turn ends, the queue drains into one background turn (B-13). A conversation is busy from
// the instant start() is called (a decision claims it at once, B-19).
import { crashPoint } from "../crash-point.ts";
import { runTurn } from "../agent/loop.ts";
import { visionReader } from "../agent/vision.ts";
import type { ActivityHub } from "../activity/hub.ts";
import type { LedgerRow } from "../llm/metered.ts";
import { openingBlock } from "../memory/blocks.ts";
import { listPending } from "../store/approvals.ts";
import { getConversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { lastSeq } from "../store/messages.ts";
import { clearQueue, listQueue, moveToHistory } from "../store/queue.ts";
import { createRun, getRun, listRuns, setRunStatus, type Run } from "../store/runs.ts";
import { recordSideCall } from "../store/side-calls.ts";
import { scriptBook, turnNamespace } from "./script-book.ts";
import { settledWithin } from "./settle.ts";
import type { AgentRuntime, Crew } from "./crew.ts";
import { crewDelegator, turnDelegation } from "./delegation.ts";
import { conversationDetail, conversationJson, runFrame } from "./json.ts";
import { observedTurnStore } from "./observed-store.ts";
import type { ActiveTurn, Follower, Reader, StartOptions } from "./host-types.ts";
import type { CutTurnReader } from "./resume.ts";
import { sqlTurnStore } from "./sql-turn-store.ts";
import { Titler } from "./title.ts";
import { turnPorts } from "./turn-ports.ts";
import { turnSummaries } from "./turn-summaries.ts";
import { TurnWatch } from "./watch.ts";

export type { ActiveTurn, Follower, Reader, StartOptions } from "./host-types.ts";
type HostDeps = { store: Store; crew: () => Crew; hub: ActivityHub; log: (line: string) => void };

export class TurnHost implements CutTurnReader {
  private active = new Map<string, ActiveTurn>();
  private followers: Follower[] = [];
  private draining = true;
  private goingDown = false;
  private readonly titler: Titler;
  private readonly delegator: ReturnType<typeof crewDelegator>;

  constructor(private readonly deps: HostDeps) {
    const changed = (conv: Parameters<typeof conversationJson>[0]) => deps.hub.conversation(conversationJson(conv));
    const routesOf = (id: string) => deps.crew().get(id)?.routes;
    this.titler = new Titler({ store: deps.store, log: deps.log, changed, routesOf });
    this.delegator = crewDelegator({ ...deps, host: this });
  }

  /** The agent as the crew holds it now (its kit commands, for a send). */
  agent = (agentId: string): AgentRuntime | undefined => this.deps.crew().get(agentId);

  follow = (f: Follower): void => void this.followers.push(f);
  running = (conversationId: string): ActiveTurn | undefined => this.active.get(conversationId);
  turnsOf = (reader: Reader): ActiveTurn[] => [...this.active.values()].filter((a) => a.reader === reader);

  waiting = (conversationId: string): boolean => this.waitingKind(conversationId) !== null;

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
    // The memory block a new opening message carries (G-05); read live for a conversation with none (G-08).
    const memoryNow = () => openingBlock(store, agent.memory, conversationId);
    // Read before the transaction: reads inside one are not kept by the message log.
    const block = opts.record && !opts.continueRunId ? memoryNow() : "";
    const run = opts.continueRunId
      ? setRunStatus(store, opts.continueRunId, "running")!
      : store.tx(() => {
          opts.record?.(block);
          const afterSeq = opts.afterSeq ?? lastSeq(store, conversationId);
          const { source, jobId } = opts;
          return createRun(store, { agentId: conv.agentId, source, conversationId, afterSeq, jobId });
        });
    crashPoint("turn-start");
    const abort = new AbortController();
    // Going down: the turn is accepted but cut at once, its run left `running` for the next boot (C-18).
    if (this.goingDown) abort.abort("shutdown");
    const watch: TurnWatch = new TurnWatch((): unknown => conversationDetail(store, conversationId, !watch.isEnded));
    const sqlStore = sqlTurnStore(store, conversationId, run.id, memoryNow);
    const turnStore = observedTurnStore(sqlStore, store, hub, () => watch.textStored());
    hub.run(runFrame(run));
    const charge = (cost: number | null) => turnStore.charge(cost);
    const ids = { conversationId, runId: run.id, agentId: agent.id };
    const sideRow = (row: LedgerRow) => recordSideCall(store, { ...row, ...ids });
    const team = turnDelegation(conv, agent, this.delegator);
    const ports = turnPorts({ store, hub, crew: this.deps.crew() }, conv, run);
    const done = runTurn({
      store: turnStore,
      routes: agent.routes,
      escalation: agent.escalation,
      ...team.input,
      system: agent.system(undefined, conv.skills, ports.sections),
      emit: (e) => (watch.publish(e), hub.event(run.id, conversationId, e)),
      signal: abort.signal,
      toolContext: { workspace: agent.workspace, shell: agent.shell, agentId: agent.id, conversationId, ...team.ctx,
        ...ports.ctx, vision: visionReader(agent.visionRoutes, sideRow, charge),
        script: { book: scriptBook(store, agent.id, turnNamespace(conv)), job: false, routes: agent.routes,
          record: sideRow, charge } },
      limits: { maxSteps: agent.maxSteps, toolOutputChars: agent.toolOutputChars },
      agentAutonomous: agent.autonomous,
      ...turnSummaries(store, agent, ids, sideRow, charge, this.deps.log),
      log: this.deps.log,
      resume: opts.resume,
      hooks: agent.hooks(conversationId, this.deps.log),
    }).finally(() => this.finished(conversationId, active));
    const follower = opts.reader ? undefined : this.followers.find((f) => f.reads(opts.source));
    const reader = opts.reader ?? follower?.reader ?? "host";
    const active: ActiveTurn = { conversationId, runId: run.id, source: opts.source, reader, watch, abort, done };
    this.active.set(conversationId, active);
    follower?.take(active);
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
  drainAll = (conversationIds: string[]): void => conversationIds.forEach((id) => this.drain(id));

  /** TurnHost reads every turn but a Telegram one (the bot's) and a job's (the scheduler's), C-14. */
  reads = (source: string): boolean => source !== "telegram" && !source.startsWith("job:");

  resume = (run: Run, opts: { cut: boolean }): void =>
    void this.start(run.conversationId!, { source: run.source, continueRunId: run.id, resume: opts.cut });

  /** Shutdown, first step (O-09): no queue drains and no new background turn from now on. */
  stopDraining = (): void => void (this.draining = false);

  /**
   * Shutdown, second step (O-09): the going-down mark. Running turns are cut with reason "shutdown" —
   * their calls get results, their runs stay `running` for the next boot (C-18) — and any turn started
   * from now on is cut at once. Resolves when they have settled, or after `graceMs`.
   */
  async goDown(graceMs = 10_000): Promise<void> {
    this.goingDown = true;
    const turns = [...this.active.values()];
    for (const a of turns) a.abort.abort("shutdown");
    await settledWithin(turns.map((a) => a.done), graceMs);
  }

  private finished(conversationId: string, a: ActiveTurn): void {
    if (this.active.get(conversationId) === a) this.active.delete(conversationId);
    // A failing store (a full disk) must neither keep the turn's viewers waiting nor escape.
    const safely = (what: () => void) => {
      try {
        what();
      } catch (e) {
        this.deps.log(`after turn ${a.runId}: ${(e as Error).message}`);
      }
    };
    let exists = false;
    safely(() => {
      const conv = getConversation(this.deps.store, conversationId);
      const run = getRun(this.deps.store, a.runId);
      if (run) this.deps.hub.run(runFrame(run));
      if (conv) this.deps.hub.conversation(conversationJson(conv));
      exists = !!conv;
    });
    a.watch.end();
    if (exists) safely(() => this.titler.after(conversationId, a.runId));
    if (exists) safely(() => this.drain(conversationId, a.runId));
  }

  private drain(conversationId: string, endedRunId?: string): void {
    if (!this.draining || this.active.has(conversationId) || this.waiting(conversationId)) return;
    // A decision taken while the asking turn was still winding down found it busy: continue its run now.
    const r = endedRunId ? getRun(this.deps.store, endedRunId) : null;
    if (r?.status === "waiting") return void this.start(conversationId, { source: r.source, continueRunId: r.id });
    const first = listQueue(this.deps.store, conversationId)[0];
    if (!first) return;
    const afterSeq = lastSeq(this.deps.store, conversationId);
    // The queue's move into the log commits with the run that answers it (C-05), with its block (G-05).
    const record = (block: string) => void moveToHistory(this.deps.store, conversationId, "all", { block });
    this.start(conversationId, { source: first.source, afterSeq, record });
  }
}
