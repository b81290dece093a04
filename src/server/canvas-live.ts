// The canvas panel on the chat screen's stream (M-37): a canvas tool's streamed arguments go out as
// `canvas-delta` events for the live preview, and after every write (the hub's `artifact` signal) the
// panel is sent again from the store, which replaces the preview with the stored version.
import { canvasPanel } from "../../views/canvas-panel.ts";
import { partial, type UiFrame } from "../../views/live.ts";
import type { TurnEvent } from "../agent/events.ts";
import { canvasPanelData } from "./canvas-data.ts";
import type { AppDeps } from "./deps.ts";

/** The tools whose arguments carry a canvas's text as it is being written. */
const WRITERS = new Set(["artifact_create", "artifact_rewrite", "artifact_edit"]);

export function canvasDelta(e: TurnEvent): UiFrame[] {
  if (e.type !== "tool_call_delta" || !WRITERS.has(e.name)) return [];
  return [{ event: "canvas-delta", data: { call: e.id, name: e.name, delta: e.delta } }];
}

export function canvasPanelFrame(d: AppDeps, convId: string) {
  return partial("#canvas-panel", "outerHTML", canvasPanel(canvasPanelData(d.store, convId)));
}
