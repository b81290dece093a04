// What the canvas tools reach through the turn (H-60, H-61): the calling agent's canvases only, built by
// the turn host over the store (tools never touch it). Every write is a new version and tells the screens.
import type { Canvas, CanvasKind, CanvasVersion } from "../models/canvases.ts";

export type CanvasPort = {
  /** False in a turn that came through POST /api/inbound, and in its delegated children (H-61). */
  canWrite: boolean;
  /** The agent's canvases, most recently changed first. */
  list(limit: number): Canvas[];
  /** A canvas of this agent with one version (the latest when `version` is omitted); null when out of reach. */
  read(id: string, version?: number): { canvas: Canvas; version: CanvasVersion } | null;
  /** A new canvas in this conversation, version 1 by the agent. */
  create(input: { title: string; kind: CanvasKind; content: string }): Canvas;
  /**
   * The next version: `change` gets the latest content, whoever wrote it, inside the same transaction, so an
   * edit always builds on the owner's last save; it throws to write nothing. Null when out of reach.
   */
  write(id: string, change: (latest: CanvasVersion, canvas: Canvas) => string, title?: string):
    { canvas: Canvas; version: CanvasVersion } | null;
};

/** The refusal every writing tool gives in an inbound turn (H-61). */
export function refuseWrite(ctx: { canvases?: CanvasPort }): string | null {
  if (ctx.canvases?.canWrite !== false) return null;
  return "canvases cannot be created or changed in this conversation: the person reads only your message. " +
    "Answer directly in the message instead.";
}

/** The port, or the sentence that says why there is none. */
export function port(ctx: { canvases?: CanvasPort }): CanvasPort {
  if (!ctx.canvases) throw new Error("canvases are not available in this turn.");
  return ctx.canvases;
}

/** A line naming a canvas for the model: id, title, kind and version. */
export function canvasLine(c: Canvas): string {
  return `${c.id} "${c.title}" (${c.kind}, version ${c.version})`;
}

/** Unknown and out-of-reach canvases get the same sentence (as L-47 does for Telegram). */
export function missing(id: string): Error {
  return new Error(`There is no canvas ${id} of yours. Use artifact_list to see your canvases and their ids.`);
}
