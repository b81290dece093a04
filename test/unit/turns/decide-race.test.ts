// A decision taken in the instant between a run being stored as `waiting` and the turn host letting go
// of that turn (B-19): the host is still busy then, so the decision cannot start the continuation
// itself; the host continues the run as soon as the turn has wound down, instead of leaving it waiting.
import { describe, expect, test } from "bun:test";
import { listPending } from "../../../src/store/approvals.ts";
import { getRun, listRuns } from "../../../src/store/runs.ts";
import { decide } from "../../../src/turns/commands.ts";
import { crewHarness } from "./crew-harness.ts";

describe("a decision while the asking turn winds down", () => {
  test("is continued once the turn has ended: the run does not stay waiting", async () => {
    const h = crewHarness({
      default: {
        plan: [{ toolCalls: [{ name: "file_write", args: { path: "a.txt", content: "x" } }] }, { text: "Đã ghi." }],
      },
    });
    const conv = h.conversation();
    const deps = { store: h.store, host: h.host, hub: h.rt.hub };
    let busyAtDecision = false;
    let out: ReturnType<typeof decide> | null = null;
    // The hub signals synchronously, inside the turn: the host still holds it here.
    const stop = h.rt.hub.listen((s) => {
      if (s.type !== "run" || s.status !== "waiting" || out) return;
      busyAtDecision = !!h.host.running(conv.id);
      out = decide(deps, listPending(h.store, conv.id)[0]!.id, { decision: "approve" });
    });
    const first = await h.ask(conv.id, "ghi tệp");
    stop();
    expect(busyAtDecision).toBe(true);
    expect(out!.kind).toBe("decided");
    expect(first.status).toBe("approval_required");
    // The continuation the decision could not start is the host's to start, right after the turn ended.
    const next = h.host.running(conv.id);
    expect(next).toBeDefined();
    expect(await next!.done).toMatchObject({ status: "done", text: "Đã ghi." });
    const [run] = listRuns(h.store, { conversationId: conv.id });
    expect(getRun(h.store, run!.id)!.status).toBe("done");
    expect(listPending(h.store, conv.id)).toEqual([]);
  });
});
