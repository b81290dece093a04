// Approval deadlines (D-05, D-06): an overdue request is closed as expired by the sweep and the same
// run continues with the call answered "not run"; nothing runs the tool.
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { getApproval } from "../../src/store/approvals.ts";
import { sweepExpired } from "../../src/turns/expiry.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

describe("approval expiry", async () => {
  const t = await testApp();

  test("an overdue approval expires, the run continues without the tool, and only once", async () => {
    const id = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    const ask = (await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text: '/tool file_write {"path":"late.txt","content":"x"}' }), isEnd)).at(-1)!;
    expect(sweepExpired(t.store, t.runtime.host)).toBe(0);
    t.store.db.run("UPDATE approvals SET deadline_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [ask.approval_id]);
    expect(sweepExpired(t.store, t.runtime.host)).toBe(1);
    const result = await t.runtime.host.running(id)!.done;
    expect(result).toMatchObject({ status: "done", runId: getApproval(t.store, ask.approval_id)!.runId });
    expect(result.text).toContain("file_write: Nobody approved this call before the deadline");
    expect(getApproval(t.store, ask.approval_id)!.status).toBe("expired");
    expect(existsSync(join(t.runtime.crew().get("default")!.workspace, "late.txt"))).toBe(false);
    expect(sweepExpired(t.store, t.runtime.host)).toBe(0);
    expect((await t.json(`/api/approvals/${ask.approval_id}`, "POST", { decision: "approve" })).status).toBe(409);
  });
});
