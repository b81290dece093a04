// The loop's TurnStore on the SQLite store: every record* call is one transaction that keeps a
// message, its run step and the spend on conversation and run together (a crash leaves all or none).
import type {
  ConversationState, ModelCallRecord, RunEnd, SpecialStep, ToolResultRecord, TurnStore,
} from "../agent/turn-store.ts";
import { createApproval, findForToolCall } from "../store/approvals.ts";
import { addSpend, getConversation, touchConversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { appendMessage } from "../store/messages.ts";
import { moveToHistory } from "../store/queue.ts";
import { recordSideCall } from "../store/side-calls.ts";
import { addRunSpend, addStep, countSteps, setRunModel, setRunStatus } from "../store/runs.ts";
import { modelView } from "./model-view.ts";

export class ConversationGoneError extends Error {}

/** `currentBlock`: the memory as it is now, read before the first message of a conversation that has no block
 * (G-08: one started before blocks existed, or a delegated task). */
export function sqlTurnStore(
  store: Store, conversationId: string, runId: string, currentBlock?: () => string,
): TurnStore {
  const conv = () => {
    const c = getConversation(store, conversationId);
    if (!c) throw new ConversationGoneError(`conversation ${conversationId} no longer exists`);
    return c;
  };
  return {
    runId,
    conversation(): ConversationState {
      const c = conv();
      return {
        id: c.id, agentId: c.agentId, spentUsd: c.spentUsd, costCapUsd: c.costCapUsd,
        autonomous: c.autonomous, autoApprove: c.autoApprove, approvalTtlSeconds: c.approvalTtlSeconds,
      };
    },
    history: () => modelView(store, conversationId, currentBlock),
    decisionFor(toolCallId) {
      const a = findForToolCall(store, conversationId, toolCallId);
      return a ? { id: a.id, status: a.status, answer: a.answer } : null;
    },
    modelCalls: () => countSteps(store, runId, "model"),
    recordModelCall(rec: ModelCallRecord) {
      store.tx(() => {
        const u = rec.usage;
        const tokens = {
          inputTokens: u?.inputTokens ?? null, outputTokens: u?.outputTokens ?? null,
          cachedTokens: u?.cachedTokens ?? null, reasoningTokens: u?.reasoningTokens ?? null,
        };
        if (rec.text || rec.toolCalls.length > 0) {
          appendMessage(store, {
            conversationId, role: "assistant", content: rec.text,
            toolCalls: rec.toolCalls.length ? rec.toolCalls : null,
            provider: rec.provider, model: rec.model, costUsd: rec.costUsd, ...tokens,
          });
          touchConversation(store, conversationId);
        } else {
          // A call that produced nothing to store still cost something: the ledger must see it (E-04).
          recordSideCall(store, {
            purpose: "chat", provider: rec.provider, model: rec.model, costUsd: rec.costUsd, ...tokens,
            conversationId, runId, agentId: conv().agentId,
          });
        }
        addStep(store, {
          runId, type: "model", name: `${rec.provider}:${rec.model}`, model: rec.model, provider: rec.provider,
          costUsd: rec.costUsd, ...tokens, status: rec.error ? "error" : "done", result: rec.error ?? null,
          startedAt: rec.startedAt, endedAt: rec.endedAt,
        });
        const spend = rec.costUsd === null ? { unknownCalls: 1 } : { usd: rec.costUsd };
        addSpend(store, conversationId, spend);
        addRunSpend(store, runId, spend);
        setRunModel(store, runId, `${rec.provider}:${rec.model}`);
      });
    },
    recordToolResult(rec: ToolResultRecord) {
      store.tx(() => {
        // A deleted conversation has no history left to answer; its run still shows how the call ended.
        if (getConversation(store, conversationId)) {
          const answer = { content: rec.output, toolCallId: rec.toolCallId, name: rec.name };
          appendMessage(store, { conversationId, role: "tool", ...answer });
        }
        addStep(store, {
          runId, type: "tool", name: rec.name, toolCallId: rec.toolCallId, arguments: rec.arguments,
          result: rec.output, status: rec.status, startedAt: rec.startedAt, endedAt: rec.endedAt,
        });
        // The child's own conversation and run keep its calls; the parent pays them here, once (C-17, E-09).
        const paid = rec.delegatedSpend;
        if (paid) addSpend(store, conversationId, { usd: paid.usd, unknownCalls: paid.unknownCalls, delegated: true });
      });
    },
    recordAnswer(text: string) {
      // No provider, no cost: the ledger counts the child's calls where they were made (E-04).
      store.tx(() => {
        appendMessage(store, { conversationId, role: "assistant", content: text });
        touchConversation(store, conversationId);
      });
    },
    recordNote(text: string) {
      store.tx(() => {
        appendMessage(store, { conversationId, role: "user", content: text });
        touchConversation(store, conversationId);
      });
    },
    recordStep(step: SpecialStep) {
      addStep(store, {
        runId, type: step.type, name: step.name, result: step.result ?? null, status: step.status ?? "done",
        startedAt: step.startedAt, endedAt: step.endedAt,
      });
    },
    charge(costUsd: number | null) {
      const spend = costUsd === null ? { unknownCalls: 1 } : { usd: costUsd };
      store.tx(() => {
        addSpend(store, conversationId, spend);
        addRunSpend(store, runId, spend);
      });
    },
    requestDecision(req) {
      const a = createApproval(store, {
        conversationId, runId, toolCallId: req.toolCallId, tool: req.tool, arguments: req.arguments,
        reason: req.reason, kind: req.kind, options: req.options, ttlSeconds: conv().approvalTtlSeconds,
      });
      return { id: a.id, deadlineAt: a.deadlineAt };
    },
    takeSteers() {
      const moved = moveToHistory(store, conversationId, "steer");
      if (moved) touchConversation(store, conversationId);
      return moved ? moved.message.content : null;
    },
    finish(end: RunEnd) {
      const extra = end.status === "halted"
        ? { haltReason: end.haltReason, summary: end.summary }
        : { summary: end.summary };
      setRunStatus(store, runId, end.status, extra);
    },
  };
}
