// The consolidate job (G-04, I-08): one metered side call per place proposes a rewrite of the main file from
// recent notes — the master a second one for the owner's facts — opening no conversation and writing nothing;
// accepting the proposal and rolling it back restores the exact previous file.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { cleanFile } from "../../../src/memory/consolidate.ts";
import { mainFile, noteFile } from "../../../src/memory/files.ts";
import { acceptMemoryProposal, rollbackMemoryProposal } from "../../../src/memory/proposals.ts";
import { runJob } from "../../../src/scheduler/run-job.ts";
import type { Job } from "../../../src/scheduler/types.ts";
import { all } from "../../../src/store/db.ts";
import { listConversations } from "../../../src/store/conversations.ts";
import { listProposals } from "../../../src/store/memory-proposals.ts";
import { getRun } from "../../../src/store/runs.ts";
import { TM_RUN } from "../../../src/texts/vi-memory.ts";
import { crewHarness, type CrewPlan } from "../turns/crew-harness.ts";

const job = (agentId: string): Job => ({
  id: `${agentId}/memory_consolidate`, agentId, scheduleId: "memory_consolidate", name: "memory_consolidate",
  origin: "profile", kind: "consolidate", cron: "0 3 * * *", every: null, enabled: true, body: null,
  thenPrompt: null, approvalTtlSeconds: null,
});

async function consolidate(plan: CrewPlan, agentId: string, setup: (files: ReturnType<typeof filesOf>) => Promise<void>) {
  const h = crewHarness(plan);
  await setup(filesOf(h));
  const outcome = await runJob({ store: h.store, host: h.host, crew: h.rt.crew, hub: h.rt.hub, log: () => {} }, job(agentId));
  return { h, outcome, run: getRun(h.store, outcome.runId)! };
}
const filesOf = (h: ReturnType<typeof crewHarness>) => h.rt.crew().memory;
const OLD_MEMORY = "# Master\r\n- old fact\r\n";

describe("consolidate job", () => {
  test("the master proposes MEMORY.md and USER.md rewrites; nothing is written, no conversation opens", async () => {
    const plan = { default: { plan: [{ text: "```markdown\n# Master\n- runs daily\n```" }, { text: "# Owner\n- likes tea\n" }] } };
    const { h, outcome, run } = await consolidate(plan, "default", async (files) => {
      await files.write(mainFile("agent", "default"), OLD_MEMORY);
      await files.write(noteFile("agent", "default", "2026-11-30"), "- 08:00 ran the daily report\n");
      await files.write(noteFile("user", "default", "2026-11-30"), "- 09:00 owner drinks tea, not coffee\n");
    });
    expect(outcome).toMatchObject({ status: "done", conversationId: null, reason: null });
    expect(run).toMatchObject({ source: "job:default/memory_consolidate", jobId: "default/memory_consolidate",
      summary: TM_RUN.proposed(2) });
    expect(listConversations(h.store, {})).toEqual([]);
    const [user, agent] = listProposals(h.store);
    expect(agent).toMatchObject({ scope: "agent", path: "MEMORY.md", oldText: OLD_MEMORY, newText: "# Master\n- runs daily\n",
      source: "memory:consolidate", runId: run.id, reason: "2026-11-30…2026-11-30", status: "pending" });
    expect(user).toMatchObject({ scope: "user", path: "users/owner/USER.md", oldText: "", newText: "# Owner\n- likes tea\n" });
    const calls = all<{ purpose: string; run_id: string }>(h.store, "SELECT purpose, run_id FROM side_calls");
    expect(calls).toEqual([{ purpose: "consolidate", run_id: run.id }, { purpose: "consolidate", run_id: run.id }]);
    expect(h.providers.get("default")!.requests[0]!.messages[0]!.content).toContain("ran the daily report");
    expect(h.providers.get("default")!.requests[1]!.messages[0]!.content).toContain("owner drinks tea");
    const memoryPath = filesOf(h).abs(mainFile("agent", "default"));
    expect(readFileSync(memoryPath, "utf8")).toBe(OLD_MEMORY);

    expect((await acceptMemoryProposal(h.store, filesOf(h), agent!.id)).ok).toBe(true);
    expect(readFileSync(memoryPath, "utf8")).toBe("# Master\n- runs daily\n");
    expect((await rollbackMemoryProposal(h.store, filesOf(h), agent!.id)).ok).toBe(true);
    expect(Buffer.from(readFileSync(memoryPath, "utf8"))).toEqual(Buffer.from(OLD_MEMORY));

    // Both rewrites wait again (the rolled-back one, and USER.md's): a new run proposes nothing over them.
    const again = await runJob({ store: h.store, host: h.host, crew: h.rt.crew, hub: h.rt.hub, log: () => {} }, job("default"));
    expect(getRun(h.store, again.runId)).toMatchObject({ status: "done", summary: TM_RUN.waiting });
    expect(h.calls("default")).toBe(2);
  });

  test("a member makes one call, for its own MEMORY.md; with no notes there is no call at all", async () => {
    const plan = { default: {}, coach: { plan: [{ text: "# Coach\n- 10 km goal\n" }] } };
    const { h, outcome } = await consolidate(plan, "coach", async (files) => {
      await files.write(noteFile("agent", "coach", "2026-11-30"), "- goal is 10 km\n");
      await files.write(noteFile("user", "coach", "2026-11-30"), "- owner note the coach must not review\n");
    });
    expect(outcome.status).toBe("done");
    expect(listProposals(h.store).map((p) => p.path)).toEqual(["agents/coach/MEMORY.md"]);
    expect(h.calls("coach")).toBe(1);
    const quiet = await consolidate({ default: { plan: [{ text: "unused" }] } }, "default", async () => {});
    expect(getRun(quiet.h.store, quiet.outcome.runId)).toMatchObject({ status: "done", summary: TM_RUN.nothing });
    expect(quiet.h.calls("default")).toBe(0);
    expect(listProposals(quiet.h.store)).toEqual([]);
  });

  test("a failed call ends the run in error with a reason, for the failure streak (I-22)", async () => {
    const plan = { coach: { plan: [{ error: { message: "upstream 500" } }] }, default: {} };
    const { h, outcome } = await consolidate(plan, "coach", async (files) => {
      await files.write(noteFile("agent", "coach", "2026-11-30"), "- note\n");
    });
    expect(outcome).toMatchObject({ status: "error", conversationId: null });
    expect(outcome.reason).toContain("upstream 500");
    expect(listProposals(h.store)).toEqual([]);
  });

  test("the answer is cleaned into a file: a code fence dropped, one final newline", () => {
    expect(cleanFile("```md\n# A\n- b\n```\n")).toBe("# A\n- b\n");
    expect(cleanFile("\n# A\n\n")).toBe("# A\n");
    expect(cleanFile("  ")).toBe("");
  });
});
