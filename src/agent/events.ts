// The one event contract of a turn (style rule 3): the loop emits these; the SSE stream, the Telegram
// reply builder, /api/inbound's aggregated reply and all three test layers read exactly these.
import { z } from "zod";

const id = z.string().min(1);

export const TurnEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text_delta"), text: z.string() }),
  /** Once per model call while the model reasons; the reasoning itself is never sent or stored. */
  z.object({ type: z.literal("thinking") }),
  z.object({ type: z.literal("tool_call"), id, name: z.string(), arguments: z.string(), summary: z.string() }),
  /** Argument fragments of a call being written (canvas tools stream their document, A-30). Stream-only. */
  z.object({ type: z.literal("tool_call_delta"), id, name: z.string(), delta: z.string() }),
  z.object({
    type: z.literal("tool_result"),
    id,
    name: z.string(),
    status: z.enum(["done", "error", "denied", "refused", "expired", "interrupted"]),
    output: z.string(),
  }),
  z.object({
    type: z.literal("approval_required"),
    approval_id: id,
    tool_call_id: id,
    tool: z.string(),
    arguments: z.string(),
    summary: z.string(),
    /** Set when the tool forces the question (ask_reason); the UI then hides the "always allow" button (D-17). */
    reason: z.string().nullable(),
    deadline_at: z.string(),
  }),
  z.object({
    type: z.literal("question"),
    approval_id: id,
    tool_call_id: id,
    question: z.string(),
    options: z.array(z.string()),
    deadline_at: z.string(),
  }),
  z.object({ type: z.literal("route_retry"), route: z.string(), error: z.string() }),
  z.object({ type: z.literal("fallback"), from: z.string(), to: z.string().nullable(), error: z.string() }),
  z.object({
    type: z.literal("escalated"),
    from: z.string(),
    to: z.string(),
    reason: z.enum(["loop", "routes_failed"]),
  }),
  z.object({ type: z.literal("steer"), text: z.string() }),
  /** The oldest turns were summarised to keep the context under the model's window (issue 20). */
  z.object({ type: z.literal("compacted"), turns: z.number().int().nonnegative() }),
  z.object({
    type: z.literal("queued"),
    item_id: z.union([z.string(), z.number()]),
    kind: z.enum(["follow_up", "steer"]),
    position: z.number().int(),
  }),
  z.object({ type: z.literal("done"), run_id: id, text: z.string() }),
  z.object({
    type: z.literal("halted"),
    run_id: id,
    reason: z.enum(["budget", "max_steps", "loop"]),
    text: z.string(),
  }),
  z.object({ type: z.literal("error"), run_id: z.string().nullable(), message: z.string() }),
]);

export type TurnEvent = z.infer<typeof TurnEventSchema>;
export type TurnEventType = TurnEvent["type"];
export type EventOf<T extends TurnEventType> = Extract<TurnEvent, { type: T }>;

/** Where the loop sends its events. Sinks must not throw; a slow sink must not block the turn. */
export type EventSink = (event: TurnEvent) => void;

/** How a turn ended, aggregated for /api/inbound and channels. */
export type TurnStatus = "done" | "halted" | "error" | "approval_required";
export type TurnResult = {
  runId: string | null;
  status: TurnStatus;
  text: string;
  steps: number;
  haltReason?: "budget" | "max_steps" | "loop";
  /** A failed turn's error type (a provider error kind, an exception's name): what a channel may tell (L-62). */
  errorType?: string;
};
