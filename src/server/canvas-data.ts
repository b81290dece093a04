// What the canvas views show, read from the store: one canvas with its current version and history,
// and a conversation's panel (its canvases, the most recently written one open).
import type { CanvasPanelData } from "../../views/canvas-panel.ts";
import type { CanvasViewData } from "../../views/canvas.ts";
import { getCanvas, getVersion, listCanvases, listVersions } from "../store/canvases.ts";
import type { Store } from "../store/db.ts";

export function canvasViewData(store: Store, id: string): CanvasViewData | null {
  const canvas = getCanvas(store, id);
  const current = canvas && getVersion(store, id);
  if (!canvas || !current) return null;
  return { canvas, current, versions: listVersions(store, id) };
}

/** `openId` keeps the canvas the person picked; otherwise the one written last is open. */
export function canvasPanelData(store: Store, conversationId: string, openId?: string): CanvasPanelData {
  const canvases = listCanvases(store, conversationId);
  const pick = canvases.find((c) => c.id === openId) ?? canvases[0];
  return { canvases, open: pick ? canvasViewData(store, pick.id) : null };
}
