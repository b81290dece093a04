// What a turn hands its tools over the store (tools never import it): schedule_create's book, the agent's
// past messages, its canvases, its memory book (G-01…G-03); and the closing prompt sections that follow from
// the same rights (L-45).
import type { ActivityHub } from "../activity/hub.ts";
import { memoryBook } from "../memory/book.ts";
import type { Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { createSchedule } from "../store/schedules.ts";
import type { Run } from "../store/runs.ts";
import { agentSearch } from "../store/search.ts";
import type { ToolContext } from "../tools/define.ts";
import { canvasChannel, canvasSection } from "./canvas-channel.ts";
import { canvasPort } from "./canvas-port.ts";
import type { Crew } from "./crew.ts";

type PortDeps = { store: Store; hub: ActivityHub; crew: Pick<Crew, "memory" | "timezone"> };

export function turnPorts(d: PortDeps, conv: Conversation, run: Run) {
  const { store } = d;
  const channel = canvasChannel(store, conv, run.source);
  const section = canvasSection(channel);
  const ctx: Pick<ToolContext, "schedules" | "pastMessages" | "canvases" | "memory"> = {
    schedules: { create: (s) => createSchedule(store, s) },
    pastMessages: agentSearch(store, conv.agentId),
    canvases: canvasPort(d, conv, run.id, channel !== "inbound"),
    // The run's source, not the conversation's: the owner answering in a job's conversation is there (G-02).
    memory: memoryBook({ store, files: d.crew.memory, timezone: d.crew.timezone, agentId: conv.agentId, runId: run.id,
      source: run.source }),
  };
  return { ctx, sections: section ? [section] : [] };
}
