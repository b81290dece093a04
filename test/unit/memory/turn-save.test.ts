// memory_save through the real turn host (G-02, G-03): a chat turn's save is in today's notes when the turn
// ends; the same call in a prompt job's turn leaves the files untouched and stores one pending proposal.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runJob } from "../../../src/scheduler/run-job.ts";
import type { Job } from "../../../src/scheduler/types.ts";
import { listProposals } from "../../../src/store/memory-proposals.ts";
import { crewHarness } from "../turns/crew-harness.ts";

const save = (scope: string, text: string) => ({ toolCalls: [{ name: "memory_save", args: { scope, text } }] });

describe("memory_save in a turn", () => {
  test("a chat turn writes today's note at once", async () => {
    const h = crewHarness({ default: { plan: [save("user", "Prefers short answers"), { text: "Noted." }] } });
    const conv = h.conversation();
    await h.ask(conv.id, "Keep answers short, please");
    const [day] = h.rt.crew().memory.noteDates("user", "default");
    const note = readFileSync(join(h.rt.crew().memory.root, "users", "owner", "memory", `${day}.md`), "utf8");
    expect(note).toMatch(/^- \d\d:\d\d Prefers short answers\n$/);
    expect(listProposals(h.store)).toEqual([]);
    expect(h.messages(conv.id).find((m) => m.role === "tool")?.content).toContain("Saved to users/owner/memory/");
  });

  test("a prompt job's turn stores a proposal instead, and writes nothing", async () => {
    const h = crewHarness({ default: { plan: [save("agent", "Market closed today"), { text: "Done." }] } });
    const job: Job = {
      id: "default/brief", agentId: "default", scheduleId: "brief", name: "brief", origin: "profile", kind: "prompt",
      cron: "0 7 * * *", every: null, enabled: true, body: "Morning brief", thenPrompt: null, approvalTtlSeconds: null,
    };
    const outcome = await runJob({ store: h.store, host: h.host, crew: h.rt.crew, hub: h.rt.hub, log: () => {} }, job);
    expect(outcome.status).toBe("done");
    const [p] = listProposals(h.store);
    expect(p).toMatchObject({ scope: "agent", path: expect.stringMatching(/^memory\/\d{4}-\d\d-\d\d\.md$/),
      oldText: "", status: "pending",
      source: "job:default/brief", runId: outcome.runId });
    expect(p!.newText).toMatch(/^- \d\d:\d\d Market closed today\n$/);
    expect(h.rt.crew().memory.noteDates("agent", "default")).toEqual([]);
  });
});
