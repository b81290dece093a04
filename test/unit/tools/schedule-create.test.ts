import { describe, expect, test } from "bun:test";
import { decideApproval, listPending } from "../../../src/store/approvals.ts";
import { updateOptions } from "../../../src/store/conversations.ts";
import { createSchedule, listSchedules } from "../../../src/store/schedules.ts";
import { T } from "../../../src/texts/vi.ts";
import { builtinTools } from "../../../src/tools/builtin.ts";
import { parseToolArgs, toolSpec } from "../../../src/tools/define.ts";
import { SCHEDULE_CREATE, scheduleCreate } from "../../../src/tools/schedule-create.ts";
import { approvalBar } from "../../../views/approval-bar.ts";
import { harness, route } from "../agent/harness.ts";

const PROMPT = "Đọc hộp thư, tóm tắt thư mới.\nNếu có hoá đơn, ghi vào ledger.md.\n" + "Chi tiết ".repeat(600);
const call = (args: Record<string, unknown>) => ({ toolCalls: [{ name: SCHEDULE_CREATE, args, id: "s1" }] });

/** A turn as the crew gives it: the agent's allow-list names the tool, the agent and the conversation are
 *  autonomous, and the owner allowed the tool "always" in this conversation: every exemption says run. */
function exempted() {
  const h = harness({ autonomous: true });
  updateOptions(h.store, h.conv.id, { autoApprove: [SCHEDULE_CREATE] });
  const tools = builtinTools().filter((t) => new Set(["file_read", SCHEDULE_CREATE]).has(t.name));
  const toolContext = {
    workspace: "/tmp",
    agentId: "default",
    conversationId: h.conv.id,
    schedules: { create: (s: Parameters<typeof createSchedule>[1]) => createSchedule(h.store, s) },
  };
  return { h, opts: { tools, toolContext, agentAutonomous: true } };
}

describe("schedule_create", () => {
  test("is a built-in that requires approval and declares exactly one of cron / every", () => {
    expect(builtinTools().map((t) => t.name)).toContain(SCHEDULE_CREATE);
    expect(scheduleCreate.requiresApproval).toBe(true);
    const spec = toolSpec(scheduleCreate).parameters as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(spec.properties).sort()).toEqual(["approval_ttl_seconds", "cron", "every", "name", "prompt"]);
    expect(spec.required).toEqual(["prompt"]);
  });

  test("always pauses, even autonomous, in auto_approve and in the allow-list; the reason is the full prompt", async () => {
    const { h, opts } = exempted();
    const r = route([call({ name: "Thư sáng", cron: "0 7 * * *", prompt: PROMPT })]);
    const result = await h.turn([r], { user: "nhắc tôi mỗi sáng", ...opts });
    expect(result.status).toBe("approval_required");
    const ask = h.of("approval_required")[0]!;
    expect(ask.tool).toBe(SCHEDULE_CREATE);
    expect(ask.reason).toContain(PROMPT.trim());
    expect(ask.reason).toContain("0 7 * * *");
    expect(ask.reason).toContain("Thư sáng");
    expect(listSchedules(h.store)).toEqual([]);
  });

  test("its approval card shows the reason and hides “always allow” (D-17)", async () => {
    const { h, opts } = exempted();
    await h.turn([route([call({ every: "2h", prompt: "Kiểm tra máy chủ" })])], { user: "x", ...opts });
    const pending = listPending(h.store, h.conv.id)[0]!;
    const card = (await approvalBar(pending)).toString();
    expect(card).toContain("Kiểm tra máy chủ");
    expect(card).toContain("mỗi 2h");
    expect(card).toContain(T.approve);
    expect(card).not.toContain(T.alwaysAllow);
  });

  test("the row is written only after approval: chat-… id, this agent, this conversation", async () => {
    const { h, opts } = exempted();
    const r = route([call({ every: "30m", prompt: "Xem giá vàng", approval_ttl_seconds: 300 }), { text: "Đã tạo." }]);
    await h.turn([r], { user: "x", ...opts });
    expect(listSchedules(h.store)).toEqual([]);
    decideApproval(h.store, h.of("approval_required")[0]!.approval_id, { status: "approved" });
    expect((await h.turn([r], { continueRun: true, ...opts })).status).toBe("done");
    const rows = listSchedules(h.store);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ agentId: "default", conversationId: h.conv.id, every: "30m", cron: null,
      prompt: "Xem giá vàng", approvalTtlSeconds: 300, name: "" });
    expect(rows[0]!.id).toMatch(/^chat-/);
    expect(h.of("tool_result")[0]!.output).toContain(`job default/${rows[0]!.id}`);
  });

  test("a denied call writes nothing", async () => {
    const { h, opts } = exempted();
    const r = route([call({ every: "1d", prompt: "p" }), { text: "ok" }]);
    await h.turn([r], { user: "x", ...opts });
    decideApproval(h.store, h.of("approval_required")[0]!.approval_id, { status: "denied" });
    await h.turn([r], { continueRun: true, ...opts });
    expect(listSchedules(h.store)).toEqual([]);
  });

  test("bad timing is refused before the gate, naming the field", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ cron: "every morning", prompt: "p" }, "- cron: must be a five-field cron expression"],
      [{ cron: "0 7 * *", prompt: "p" }, "- cron: must be a five-field cron expression"],
      [{ every: "5x", prompt: "p" }, "- every: must look like 30m, 2h or 1d"],
      [{ every: "0m", prompt: "p" }, "- every: must look like 30m, 2h or 1d"],
      [{ cron: "0 7 * * *", every: "1h", prompt: "p" }, "- cron: give exactly one of cron or every"],
      [{ prompt: "p" }, "- cron: give exactly one of cron or every"],
      [{ every: "1h", prompt: "  " }, "- prompt:"],
      [{ every: "1h", prompt: "p", approval_ttl_seconds: 1 }, "- approval_ttl_seconds:"],
    ];
    for (const [args, message] of bad) {
      const parsed = parseToolArgs(scheduleCreate, JSON.stringify(args));
      expect(parsed.ok).toBe(false);
      expect(parsed.ok ? "" : parsed.message).toContain(message);
    }
    const { h, opts } = exempted();
    const r = route([call({ every: "soon", prompt: "p" }), { text: "sorry" }]);
    expect((await h.turn([r], { user: "x", ...opts })).status).toBe("done");
    expect(h.of("approval_required")).toEqual([]);
    expect(listSchedules(h.store)).toEqual([]);
  });

  test("without a schedule book (no store in this turn) execute fails instead of pretending", async () => {
    const args = scheduleCreate.params.parse({ every: "1h", prompt: "p" });
    const ctx = { workspace: "/tmp", signal: new AbortController().signal, agentId: "a", conversationId: null };
    await expect(scheduleCreate.execute(args, ctx)).rejects.toThrow("cannot be created");
  });
});
