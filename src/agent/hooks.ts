// Hook points around a tool call (F-17): the loop calls them through this interface and knows nothing
// of what runs behind it (kits' settings.json hooks, src/kits). Implementations never throw.
export type HookCall = { id: string; name: string; args: unknown };

export type ToolHooks = {
  /** Before the gate: a string blocks the call (it never runs, nobody is asked) and is its result. */
  beforeTool(call: HookCall, signal: AbortSignal): Promise<string | null>;
  /** After the call ran: a string is appended to the result the model sees. */
  afterTool(call: HookCall, output: string, signal: AbortSignal): Promise<string | null>;
};
