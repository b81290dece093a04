// What a turn hands its tools over the store (tools never import it): schedule_create's book, the agent's
// past messages, its canvases; and the closing prompt sections that follow from the same rights (L-45).
import type { ActivityHub } from "../activity/hub.ts";
import type { Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { createSchedule } from "../store/schedules.ts";
import type { Run } from "../store/runs.ts";
import { agentSearch } from "../store/search.ts";
import type { ToolContext } from "../tools/define.ts";
import { canvasChannel, canvasSection } from "./canvas-channel.ts";
import { canvasPort } from "./canvas-port.ts";

export function turnPorts(d: { store: Store; hub: ActivityHub }, conv: Conversation, run: Run) {
  const { store } = d;
  const channel = canvasChannel(store, conv, run.source);
  const section = canvasSection(channel);
  const ctx: Pick<ToolContext, "schedules" | "pastMessages" | "canvases"> = {
    schedules: { create: (s) => createSchedule(store, s) },
    pastMessages: agentSearch(store, conv.agentId),
    canvases: canvasPort(d, conv, run.id, channel !== "inbound"),
  };
  return { ctx, sections: section ? [section] : [] };
}
