// Real temp folders for the tool tests, and a call helper that validates arguments through the tool's
// own zod schema, as the loop does, before `refuse` and `execute`.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Tool, ToolContext } from "../../../src/tools/define.ts";

/** A fresh real folder (its real path, so assertions compare like with like). */
export function tempDir(prefix = "mc-tools-"): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

export function context(workspace: string, extra: Partial<ToolContext> = {}): ToolContext {
  return { workspace, signal: new AbortController().signal, agentId: "a1", conversationId: "c1", ...extra };
}

/** Writes files given as { "rel/path": content } under `root`, creating folders. */
export function put(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
}

export function args(tool: Tool, raw: unknown): never {
  return tool.params.parse(raw) as never;
}

export async function refusal(tool: Tool, raw: unknown, ctx: ToolContext): Promise<string | null> {
  return (await tool.refuse?.(args(tool, raw), ctx)) ?? null;
}

export function run(tool: Tool, raw: unknown, ctx: ToolContext): Promise<string> {
  return tool.execute(args(tool, raw), ctx);
}

/** The message execute threw; fails the test when it did not throw. */
export async function failure(tool: Tool, raw: unknown, ctx: ToolContext): Promise<string> {
  try {
    await run(tool, raw, ctx);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${tool.name} was expected to throw`);
}
