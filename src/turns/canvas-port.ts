// The canvas port of a turn (H-60, H-61): the store's canvases reached by the turn's agent only, every write
// a version by the agent tied to the run, each one announced on the activity stream so open screens follow.
import type { ActivityHub } from "../activity/hub.ts";
import { canvasJson, type Canvas } from "../models/canvases.ts";
import { addVersion, createCanvas, getCanvas, getVersion, listAgentCanvases } from "../store/canvases.ts";
import type { Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import type { CanvasPort } from "../tools/artifact-port.ts";

export type CanvasPortDeps = { store: Store; hub: ActivityHub };

/** `canWrite`: false for an inbound turn (canvas-channel.ts). */
export function canvasPort(d: CanvasPortDeps, conv: Conversation, runId: string, canWrite: boolean): CanvasPort {
  const { store } = d;
  const mine = (id: string): Canvas | null => {
    const c = getCanvas(store, id);
    return c && c.agentId === conv.agentId ? c : null;
  };
  return {
    canWrite,
    list: (limit) => listAgentCanvases(store, conv.agentId, limit),
    read(id, version) {
      const canvas = mine(id);
      const v = canvas && getVersion(store, canvas.id, version);
      return canvas && v ? { canvas, version: v } : null;
    },
    create(input) {
      const canvas = createCanvas(store, { ...input, agentId: conv.agentId, conversationId: conv.id, author: "agent",
        runId });
      d.hub.artifact(canvasJson(canvas));
      return canvas;
    },
    write(id, change, title) {
      const written = store.tx(() => {
        const canvas = mine(id);
        const latest = canvas && getVersion(store, canvas.id);
        if (!canvas || !latest) return null;
        const version = addVersion(store, id, { content: change(latest, canvas), author: "agent", runId, title });
        return { canvas: getCanvas(store, id)!, version: version! };
      });
      if (written) d.hub.artifact(canvasJson(written.canvas));
      return written;
    },
  };
}
