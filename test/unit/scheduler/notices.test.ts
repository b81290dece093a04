// Sending notices (I-26, I-30…I-32, I-34, L-71, L-72): no channel, a silent channel cut at the bound, a
// refusing channel, the [Name] prefix, the script variant and the 600-character rule.
import { describe, expect, test } from "bun:test";
import { oneLineReason } from "../../../src/scheduler/notices.ts";
import type { Channel } from "../../../src/scheduler/types.ts";
import { job } from "./harness.ts";
import { recording, silent, streakHarness } from "./streak-harness.ts";

const START = "2026-09-19T00:05:00.000Z";
const check = job();

describe("when a notice cannot be delivered", () => {
  test("no channel: not told, logged, and the next failure tries again", async () => {
    const h = streakHarness({ start: START, channel: null });
    await h.count(check, "error", "Lệnh thoát với mã 1.");
    expect(h.state(check)).toMatchObject({ failCount: 1, toldAt: null });
    expect(h.logs).toEqual(["job default/check: failure notice sent=false"]);
    const channel = recording();
    h.current.channel = channel;
    await h.count(check, "error", "Lệnh thoát với mã 1.");
    expect(channel.texts).toHaveLength(1);
    expect(channel.texts[0]).toStartWith("Đây là lần hỏng thứ 2 liên tiếp, tính từ 07:05 ngày 19/09.");
    expect(h.state(check)!.toldAt).toBe(START);
    // A notice arrived, so the done run sends the recovery line.
    await h.count(check, "done");
    expect(channel.texts[1]).toBe('Lịch "Kiểm tra" đã chạy lại được sau 2 lần hỏng liên tiếp.');
  });

  test("a channel that never answers is cut at the bound; telling is true meanwhile, false after", async () => {
    const h = streakHarness({ start: START, channel: silent, limitMs: 50 });
    const counting = h.count(check, "error", "x");
    expect(h.streaks.telling(check.id)).toBe(true);
    await counting;
    expect(h.streaks.telling(check.id)).toBe(false);
    expect(h.state(check)).toMatchObject({ failCount: 1, toldAt: null });
    expect(h.logs).toEqual([
      "job default/check: failure notice not sent: TimeoutError: the channel did not answer in time",
    ]);
    // Nothing arrived, so the next failure tries again (I-26).
    await h.count(check, "error", "x");
    expect(h.logs).toHaveLength(2);
  });

  test("a refusing channel: logged with its error, not told; no recovery line when nothing arrived", async () => {
    const refusing: Channel = { send: async () => { throw new Error("chat not found"); } };
    const h = streakHarness({ start: START, channel: refusing });
    await h.count(check, "error", "x");
    expect(h.logs).toEqual(["job default/check: failure notice not sent: Error: chat not found"]);
    const channel = recording();
    h.current.channel = channel;
    await h.count(check, "done");
    expect(channel.texts).toEqual([]);
  });

  test("a recovery line that fails is never retried", async () => {
    const h = streakHarness({ start: START });
    await h.count(check, "error", "x");
    h.current.channel = { send: async () => { throw new Error("down"); } };
    await h.count(check, "done");
    expect(h.logs.at(-1)).toBe("job default/check: failure notice not sent: Error: down");
    const channel = recording();
    h.current.channel = channel;
    await h.count(check, "done");
    expect(channel.texts).toEqual([]);
  });
});

describe("notice texts", () => {
  test("a member's lines start with [Name]; the master's do not (I-32)", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    const ops = job({ agentId: "ops", name: "Sao lưu" });
    await h.count(ops, "error", "Lệnh thoát với mã 2.");
    await h.count(ops, "done");
    expect(channel.texts[0]).toStartWith('[Vận hành] Lịch "Sao lưu" gặp lỗi khi chạy:\nLệnh thoát với mã 2.\n');
    expect(channel.texts[1]).toBe('[Vận hành] Lịch "Sao lưu" đã chạy lại được sau 1 lần hỏng liên tiếp.');
    await h.count(check, "error", "Lệnh thoát với mã 2.");
    expect(channel.texts[2]).toStartWith('Lịch "Kiểm tra" gặp lỗi khi chạy:');
  });

  test("a script job's first line says script (L-71)", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    await h.count(job({ kind: "script", name: "Đọc thư" }), "error", "Lỗi ở dòng 3: x");
    expect(channel.texts[0].split("\n")[0]).toBe('Lịch "Đọc thư" gặp lỗi khi chạy script:');
  });

  test("the reason is one line, whole up to 600 characters, else 200 + … + the last 400 (L-72)", async () => {
    const exact = "a".repeat(600);
    expect(oneLineReason(exact)).toBe(exact);
    expect(oneLineReason("Lỗi ở dòng 3:\n  không có ghi chú\r\ntên X")).toBe("Lỗi ở dòng 3: không có ghi chú tên X");
    const long = `${"đ".repeat(200)}${"x".repeat(201)}${"ơ".repeat(400)}`;
    expect(oneLineReason(long)).toBe(`${"đ".repeat(200)}…${"ơ".repeat(400)}`);
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    await h.count(check, "error", `${"b".repeat(300)}\n${"c".repeat(400)}`);
    expect(channel.texts[0].split("\n")[1]).toBe(`${"b".repeat(200)}…${"c".repeat(400)}`);
    expect(channel.texts[0].split("\n")).toHaveLength(4);
  });
});
