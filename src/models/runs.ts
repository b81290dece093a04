// The shapes of a run and its steps (J-01..J-03) as the store returns them and views render them.
// Types only: src/store/runs.ts and run-steps.ts read and write them.
import type { Usage } from "./messages.ts";

export type RunStatus = "running" | "waiting" | "done" | "halted" | "error" | "interrupted" | "cancelled";
export type HaltReason = "budget" | "max_steps" | "loop";

export interface Run {
  id: string;
  agentId: string;
  source: string;
  conversationId: string | null;
  jobId: string | null;
  status: RunStatus;
  haltReason: HaltReason | null;
  summary: string | null;
  model: string | null;
  spentUsd: number;
  unknownCostCalls: number;
  afterSeq: number | null;
  resumed: boolean;
  startedAt: string;
  endedAt: string | null;
}

export type StepType = "model" | "tool" | "fallback" | "escalation" | "steer" | "tool_script" | "shell_run";
export type StepStatus = "done" | "error" | "denied" | "refused" | "expired" | "cancelled" | "interrupted";

export interface RunStep extends Usage {
  id: number;
  runId: string;
  seq: number;
  type: StepType;
  /** Tool name for tool steps; route or note for the special steps. */
  name: string | null;
  toolCallId: string | null;
  arguments: string | null;
  result: string | null;
  status: StepStatus;
  model: string | null;
  provider: string | null;
  startedAt: string;
  endedAt: string | null;
}
