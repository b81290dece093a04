// Run export (J-13…J-21): the run record with its steps, exactly that run's messages, every tool call
// with arguments and result, and the transcripts of the child runs it delegated to. Machine-readable
// (usable as an eval case source); renderMarkdown makes the human-readable version of the same record.
// Every string in it is redacted (N-08), and it opens with a reminder to review it (J-18).
import type { Store } from "../store/db.ts";
import type { Message } from "../store/messages.ts";
import { getRun, listSteps, type RunStep } from "../store/runs.ts";
import { T } from "../texts/vi.ts";
import { messageJson, runJson, stepJson } from "../turns/json.ts";
import { redactDeep, redactor, type Redactor } from "./redact.ts";
import { childRuns, runMessages, type Slice } from "./slice.ts";

/** J-19: tool results longer than this are cut in the export unless `full` is asked for. */
export const EXPORT_RESULT_CHARS = 2000;

export type ExportOptions = {
  /** Keep tool results whole (`?full=1`). */
  full?: boolean;
  /** Whose secret-named values to hide; the server passes its own process environment. */
  env?: Record<string, string | undefined>;
};

export type ToolCallExport = {
  id: string | null;
  name: string | null;
  /** Parsed JSON when the stored arguments are JSON, else the stored text. */
  arguments: unknown;
  result: string | null;
  status: RunStep["status"];
  /** The stored result's full length, stated even when `result` was cut. */
  result_chars: number;
  truncated: boolean;
};

export type RunExport = {
  review_reminder: string;
  run: ReturnType<typeof runJson> & { steps: ReturnType<typeof stepJson>[] };
  slice: Slice;
  messages: ReturnType<typeof messageJson>[];
  tool_calls: ToolCallExport[];
  children: {
    conversation_id: string | null; agent_id: string; run_id: string; messages: ReturnType<typeof messageJson>[];
  }[];
};

/** The export of one run, or null when the run is unknown. */
export function exportRun(store: Store, runId: string, opts: ExportOptions = {}): RunExport | null {
  const run = getRun(store, runId);
  if (!run) return null;
  const redact = redactor(opts.env ?? process.env);
  const clip = (text: string) => clipResult(redact(text), text.length, opts.full ?? false);
  const steps = listSteps(store, run.id);
  const { slice, messages } = runMessages(store, run);
  const record: RunExport = {
    review_reminder: T.exportReviewReminder,
    run: { ...runJson(run), steps: steps.map((s) => stepOut(s, clip)) },
    slice,
    messages: messages.map((m) => messageOut(m, clip)),
    tool_calls: steps.filter((s) => s.type === "tool").map((s) => toolCallOut(s, clip)),
    children: childRuns(store, run).map((child) => ({
      conversation_id: child.conversationId,
      agent_id: child.agentId,
      run_id: child.id,
      messages: runMessages(store, child).messages.map((m) => messageOut(m, clip)),
    })),
  };
  // Secrets are hidden before anything is cut (so a cut cannot split one), then everywhere once more.
  return redactDeep(record, redact);
}

type Clip = (text: string) => { text: string; truncated: boolean };

/** Cuts an (already redacted) tool result at EXPORT_RESULT_CHARS, stating the stored length. */
function clipResult(text: string, storedChars: number, full: boolean): { text: string; truncated: boolean } {
  if (full || text.length <= EXPORT_RESULT_CHARS) return { text, truncated: false };
  const note = `…[truncated: the full result is ${storedChars} characters; export with full=1 to include all of it]`;
  return { text: `${text.slice(0, EXPORT_RESULT_CHARS)}\n${note}`, truncated: true };
}

function stepOut(s: RunStep, clip: Clip) {
  const json = stepJson(s);
  return s.type === "tool" && s.result !== null ? { ...json, result: clip(s.result).text } : json;
}

function messageOut(m: Message, clip: Clip) {
  const json = messageJson(m);
  return m.role === "tool" ? { ...json, content: clip(m.content).text } : json;
}

function toolCallOut(s: RunStep, clip: Clip): ToolCallExport {
  const result = s.result === null ? null : clip(s.result);
  return {
    id: s.toolCallId,
    name: s.name,
    arguments: parseArguments(s.arguments),
    result: result?.text ?? null,
    status: s.status,
    result_chars: s.result?.length ?? 0,
    truncated: result?.truncated ?? false,
  };
}

function parseArguments(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
