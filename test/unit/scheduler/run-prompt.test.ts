// Prompt jobs (I-04, I-39, L-69): a new autonomous conversation with source job:<id>, the prompt as its user
// message, one turn whose run carries the job's id, and the delivery log line.
import { describe, expect, test } from "bun:test";
import { MemoryFiles, noteFile } from "../../../src/memory/files.ts";
import { runJob } from "../../../src/scheduler/run-job.ts";
import { getConversation, listConversations } from "../../../src/store/conversations.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { getRun, listRuns } from "../../../src/store/runs.ts";
import { job, jobHarness } from "./harness.ts";

const brief = (over = {}) =>
  job({ scheduleId: "brief", kind: "prompt", body: "Tóm tắt việc hôm nay", name: "Bản tin sáng", ...over });

describe("a prompt job's run", () => {
  test("opens an autonomous conversation and runs one turn with the prompt", async () => {
    const h = jobHarness();
    const out = await runJob(h.deps, brief({ approvalTtlSeconds: 900 }));
    expect(out.status).toBe("done");
    expect(out.reason).toBeNull();
    const conv = getConversation(h.store, out.conversationId!)!;
    expect(conv).toMatchObject({ agentId: "default", source: "job:default/brief", autonomous: true });
    expect(conv.approvalTtlSeconds).toBe(900);
    const run = getRun(h.store, out.runId)!;
    expect(run).toMatchObject({ source: "job:default/brief", jobId: "default/brief", conversationId: conv.id });
    expect(run.status).toBe("done");
    const messages = listMessages(h.store, conv.id);
    expect(messages[0]).toMatchObject({ role: "user", content: "Tóm tắt việc hôm nay", source: "job:default/brief" });
    expect(messages.at(-1)!.role).toBe("assistant");
    expect(h.logs).toContain(`job default/brief: delivered=false conv=${conv.id} status=done`);
  });

  test("the prompt carries the agent's memory block, stored with it (G-05)", async () => {
    const h = jobHarness();
    const today = new Date().toISOString().slice(0, 10);
    await new MemoryFiles(h.root).append(noteFile("agent", "default", today), "- 07:00 họp lúc 9 giờ");
    const out = await runJob(h.deps, brief());
    const [prompt] = listMessages(h.store, out.conversationId!);
    expect(prompt!.content).toBe("Tóm tắt việc hôm nay");
    expect(prompt!.block).toContain("- 07:00 họp lúc 9 giờ");
  });

  test("each run opens its own conversation; without its own TTL the agent's applies", async () => {
    const h = jobHarness({ ops: { name: "Ops", approval_ttl_seconds: 1200 } });
    const first = await runJob(h.deps, brief({ agentId: "ops" }));
    const second = await runJob(h.deps, brief({ agentId: "ops" }));
    expect(first.conversationId).not.toBe(second.conversationId);
    expect(listConversations(h.store, { agentId: "ops" })).toHaveLength(2);
    expect(getConversation(h.store, first.conversationId!)!.approvalTtlSeconds).toBe(1200);
    expect(listRuns(h.store, { jobId: "ops/brief" }).map((r) => r.id).sort()).toEqual(
      [first.runId, second.runId].sort(),
    );
  });

  test("the host does not read a job's turn: Stop from a tab cannot cut it", async () => {
    const h = jobHarness();
    const out = runJob(h.deps, brief());
    const conv = listConversations(h.store)[0];
    expect(h.rt.host.running(conv.id)?.reader).toBe("job");
    expect(h.rt.host.stop(conv.id).cancelled).toBe(false);
    expect((await out).status).toBe("done");
  });

  test("a job whose agent left the crew stores nothing", async () => {
    const h = jobHarness();
    await expect(runJob(h.deps, brief({ agentId: "gone" }))).rejects.toThrow("agent gone is not in the crew");
    expect(listRuns(h.store)).toEqual([]);
    expect(listConversations(h.store)).toEqual([]);
  });
});
