import { describe, expect, test } from "bun:test";
import { createSchedule, deleteSchedule, getSchedule, listSchedules, scheduleJobId } from "../../../src/store/schedules.ts";
import { getJobState, setPaused } from "../../../src/store/job-state.ts";
import { deleteConversation } from "../../../src/store/conversations.ts";
import { conversation, memStore } from "./helpers.ts";

describe("created schedules", () => {
  test("ids start with chat- and exactly one of cron/every is set", () => {
    const store = memStore();
    const s = createSchedule(store, { agentId: "default", every: "1d", prompt: "Summarise my inbox", name: "Inbox" });
    expect(s.id).toMatch(/^chat-[0-9a-f]{8}$/);
    expect(s).toMatchObject({ every: "1d", cron: null, approvalTtlSeconds: null });
    expect(scheduleJobId(s)).toBe(`default/${s.id}`);
    expect(() => createSchedule(store, { agentId: "default", prompt: "p" })).toThrow(/CHECK/);
    expect(() => createSchedule(store, { id: "daily", agentId: "default", cron: "0 7 * * *", prompt: "p" })).toThrow(/CHECK/);
  });

  test("delete removes the schedule and its job_state together, even for an orphan", () => {
    const store = memStore();
    const s = createSchedule(store, { agentId: "gone-agent", cron: "0 7 * * *", prompt: "p" });
    setPaused(store, scheduleJobId(s), true);
    expect(deleteSchedule(store, s.id)).toBe(true);
    expect(getSchedule(store, s.id)).toBeNull();
    expect(getJobState(store, scheduleJobId(s))).toBeNull();
    expect(deleteSchedule(store, s.id)).toBe(false);
  });

  test("listing filters by agent; deleting the origin conversation keeps the schedule", () => {
    const store = memStore();
    const c = conversation(store);
    const a = createSchedule(store, { agentId: "default", every: "2h", prompt: "p", conversationId: c.id });
    createSchedule(store, { agentId: "coach", every: "2h", prompt: "p" });
    expect(listSchedules(store)).toHaveLength(2);
    expect(listSchedules(store, "default").map((s) => s.id)).toEqual([a.id]);
    deleteConversation(store, c.id);
    expect(getSchedule(store, a.id)!.conversationId).toBeNull();
  });
});
