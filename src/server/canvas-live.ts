// The canvas panel on the chat screen's stream (M-37): a canvas tool's streamed arguments go out as
// `canvas-delta` events for the live preview, and once a canvas tool has written, the panel is sent
// again from the store, which replaces the preview with the stored version.
import { canvasPanel } from "../../views/canvas-panel.ts";
import { partial, type UiFrame } from "../../views/live.ts";
import type { TurnEvent } from "../agent/events.ts";
import { canvasPanelData } from "./canvas-data.ts";
import type { AppDeps } from "./deps.ts";

/** The tools whose arguments carry a canvas's text as it is being written. */
const WRITERS = new Set(["artifact_create", "artifact_rewrite", "artifact_edit"]);
const ALL_WRITERS = new Set([...WRITERS, "artifact_import"]);

export function canvasDelta(e: TurnEvent): UiFrame[] {
  if (e.type !== "tool_call_delta" || !WRITERS.has(e.name)) return [];
  return [{ event: "canvas-delta", data: { call: e.id, name: e.name, delta: e.delta } }];
}

/** A canvas tool finished writing: the panel shows what is stored now. */
export function wroteCanvas(e: TurnEvent): boolean {
  return e.type === "tool_result" && e.status === "done" && ALL_WRITERS.has(e.name);
}

export function canvasPanelFrame(d: AppDeps, convId: string) {
  return partial("#canvas-panel", "outerHTML", canvasPanel(canvasPanelData(d.store, convId)));
}
