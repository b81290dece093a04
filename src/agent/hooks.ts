// Hook points of a turn (F-17): around each tool call, when the owner's message opens a turn and when
// the turn is about to end. The loop calls them through this interface and knows nothing of what runs
// behind it (kits' settings.json hooks, src/kits). Implementations never throw.
export type HookCall = { id: string; name: string; args: unknown };

/** What a UserPromptSubmit hook decided: block the turn (with the reason) or add context to the model call. */
export type PromptVerdict = { block: string } | { context: string };

export type ToolHooks = {
  /** Before the gate: a string blocks the call (it never runs, nobody is asked) and is its result. */
  beforeTool(call: HookCall, signal: AbortSignal): Promise<string | null>;
  /** After the call ran: a string is appended to the result the model sees. */
  afterTool(call: HookCall, output: string, signal: AbortSignal): Promise<string | null>;
  /** The owner's message opens a turn, before the first model call. */
  promptSubmitted?(prompt: string, signal: AbortSignal): Promise<PromptVerdict | null>;
  /**
   * The turn is about to end with `answer`: a string means "not yet" and is the note the model reads.
   * `again` is Claude Code's stop_hook_active: this turn already continued because of a Stop hook.
   */
  beforeStop?(answer: string, again: boolean, signal: AbortSignal): Promise<string | null>;
};
