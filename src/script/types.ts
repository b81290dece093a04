// The contract between tool_script (the tool, the gate, script_store, script jobs) and the script engine
// (QuickJS in a child process of the binary itself, decisions.md "tool_script language").

/** What the guest may ask of the host while it runs; each answer is a string the guest receives. */
export type ScriptHost = {
  /** `tools.<name>(args)`: resolves to the tool's text result; rejects with a sentence the guest sees. */
  callTool(name: string, args: unknown): Promise<string>;
  /** `llm.classify(text, labels)` → exactly one of the labels. */
  classify(text: string, labels: string[]): Promise<string>;
  /** `llm.summarise(text, maxChars)` → at most maxChars characters. */
  summarise(text: string, maxChars: number): Promise<string>;
  /** `load(key)`: the stored JSON value, or undefined (null in the guest) when absent. */
  load(key: string): Promise<unknown>;
};

export type ScriptLimits = {
  /** Wall clock, killed past it (decisions.md: 30 s). */
  wallMs: number;
  /** QuickJS heap limit and the child's address-space limit. */
  memoryBytes: number;
  /** What print() may emit in total (decisions.md: 64 KB). */
  outputBytes: number;
  /** The script's own source size. */
  codeBytes: number;
};

export type ScriptRequest = {
  code: string;
  /** The tool names the guest sees under `tools.` (the caller decides which are callable). */
  tools: string[];
  host: ScriptHost;
  limits?: Partial<ScriptLimits>;
  signal: AbortSignal;
};

/**
 * How a run ended. `stores` are the `store(key, value)` writes in order, applied by the caller only when
 * `ok` (one transaction). `error` names the script line it failed or was stopped on (H-39, src/texts/vi-script.ts).
 */
export type ScriptResult =
  | { ok: true; printed: string; stores: { key: string; value: unknown }[]; calls: number }
  | { ok: false; printed: string; error: string; line: number | null; calls: number };
