// What a stored tool call's card shows beyond the message log: the tool's own summary of its
// arguments, and from its run step how long it took and what it cost (a long output's summary).
import type { ToolMeta } from "../../views/thread.ts";
import { all, type Store } from "../store/db.ts";
import type { Message } from "../store/messages.ts";
import { withToolSearch } from "../agent/deferred.ts";
import { parseToolArgs, summarizeCall, type Tool } from "../tools/define.ts";

type StepRow = { id: string; startedAt: string; endedAt: string | null; costUsd: number | null };

type Calls = { id: string; name: string; arguments: string }[];

export function toolMeta(store: Store, conversationId: string, messages: Message[], tools: Tool[]) {
  // tool_search is added by the loop, not held in the crew: its cards summarise like the rest.
  const byName = new Map(withToolSearch(tools).map((t) => [t.name, t]));
  const steps = new Map(stepRows(store, conversationId).map((s) => [s.id, s]));
  const out = new Map<string, ToolMeta>();
  for (const m of messages) {
    if (m.role !== "assistant" || !Array.isArray(m.toolCalls)) continue;
    for (const c of m.toolCalls as Calls) {
      const tool = byName.get(c.name);
      const parsed = tool ? parseToolArgs(tool, c.arguments) : null;
      const step = steps.get(c.id);
      const ms = step?.endedAt ? Date.parse(step.endedAt) - Date.parse(step.startedAt) : NaN;
      out.set(c.id, {
        summary: summarizeCall(tool, parsed?.ok ? parsed.args : undefined, c.arguments),
        durationMs: Number.isFinite(ms) && ms >= 0 ? ms : null,
        costUsd: step?.costUsd ?? null,
      });
    }
  }
  return out;
}

function stepRows(store: Store, conversationId: string): StepRow[] {
  return all<StepRow>(
    store,
    `SELECT s.tool_call_id AS id, s.started_at AS startedAt, s.ended_at AS endedAt, s.cost_usd AS costUsd
     FROM run_steps s JOIN runs r ON r.id = s.run_id
     WHERE r.conversation_id = $conversationId AND s.type = 'tool' AND s.tool_call_id IS NOT NULL`,
    { conversationId },
  );
}
