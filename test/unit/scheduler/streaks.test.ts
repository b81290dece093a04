// Failure streaks (I-22…I-35): one notice at once, reminders no sooner than 6 h after a delivered one, one
// recovery line, retries while nothing arrived, a 60 s bound on every send, and `jobs` when `failing` changes.
import { describe, expect, test } from "bun:test";
import { job } from "./harness.ts";
import { HOUR, MINUTE, recording, streakHarness } from "./streak-harness.ts";

// 07:05 on 19/09 in Asia/Ho_Chi_Minh (UTC+7).
const START = "2026-09-19T00:05:00.000Z";
const check = job();
const FIRST = [
  'Lịch "Kiểm tra" gặp lỗi khi chạy:',
  "Lệnh thoát với mã 3. Dòng cuối lệnh in ra: disk full.",
  "Xem lượt chạy ở web UI, mục Quản lý → Hoạt động.",
  "Nếu lịch còn hỏng, tin nhắc kế tiếp sẽ đến sau 6 giờ.",
].join("\n");
const REASON = "Lệnh thoát với mã 3. Dòng cuối lệnh in ra: disk full.";

describe("a streak over a day", () => {
  test("73 failures spread over one day give exactly 4 notices, and a done run 1 recovery line", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    const every = (24 * HOUR) / 73;
    for (let i = 0; i < 73; i++) await h.count(check, "error", REASON, every);
    expect(channel.texts).toHaveLength(4);
    expect(channel.texts[0]).toBe(FIRST);
    // Failures 1, 20, 39 and 58: each the first at least 6 h after the notice before it.
    expect(channel.texts.slice(1).map((t) => /thứ (\d+)/.exec(t)?.[1])).toEqual(["20", "39", "58"]);
    await h.count(check, "done");
    expect(channel.texts).toHaveLength(5);
    expect(channel.texts[4]).toBe('Lịch "Kiểm tra" đã chạy lại được sau 73 lần hỏng liên tiếp.');
    expect(h.state(check)).toMatchObject({ failCount: 0, streakSince: null, toldAt: null });
    expect(h.logs.filter((l) => l === "job default/check: failure notice sent=true")).toHaveLength(5);
  });

  test("every five minutes for a day: four messages, not 288; the 73rd failure's reminder (L-76)", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    for (let i = 0; i < 288; i++) await h.count(check, "error", REASON, 5 * MINUTE);
    expect(channel.texts).toHaveLength(4);
    expect(channel.texts[1]).toBe(
      [
        "Đây là lần hỏng thứ 73 liên tiếp, tính từ 07:05 ngày 19/09. Nếu lịch còn hỏng, tin nhắc kế tiếp sẽ " +
          "đến sau 6 giờ.",
        'Lịch "Kiểm tra" gặp lỗi khi chạy:',
        REASON,
        "Xem lượt chạy ở web UI, mục Quản lý → Hoạt động.",
      ].join("\n"),
    );
  });

  test("no reminder one minute short of 6 h; the next failure after it sends one", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    await h.count(check, "error", REASON, 6 * HOUR - MINUTE);
    await h.count(check, "error", REASON, MINUTE);
    expect(channel.texts).toHaveLength(1);
    await h.count(check, "error", REASON);
    expect(channel.texts).toHaveLength(2);
    expect(h.state(check)!.toldAt).toBe(new Date(Date.parse(START) + 6 * HOUR).toISOString());
  });

  test("after a recovery the next failure opens a new streak, notified at once", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    await h.count(check, "error", REASON, MINUTE);
    await h.count(check, "done", null, MINUTE);
    await h.count(check, "error", REASON);
    expect(channel.texts).toEqual([FIRST, 'Lịch "Kiểm tra" đã chạy lại được sau 1 lần hỏng liên tiếp.', FIRST]);
    const since = new Date(Date.parse(START) + 2 * MINUTE).toISOString();
    expect(h.state(check)).toMatchObject({ failCount: 1, streakSince: since });
  });
});

describe("what is counted (I-22, I-23, I-27, I-28)", () => {
  test("a run with a conversation is never counted", async () => {
    const h = streakHarness({ start: START });
    await h.streaks.countOutcome(check, { ...h.outcome("error", "x"), conversationId: "c1" });
    expect(h.state(check)).toBeNull();
    expect(h.hub.events).toBe(0);
  });

  test("interrupted and cancelled runs neither count nor close a streak", async () => {
    const h = streakHarness({ start: START });
    await h.count(check, "error", REASON);
    const events = h.hub.events;
    await h.count(check, "interrupted");
    await h.count(check, "cancelled");
    expect(h.state(check)!.failCount).toBe(1);
    expect(h.hub.events).toBe(events);
  });

  test("a halted run closes the streak silently", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    await h.count(check, "error", REASON);
    const events = h.hub.events;
    await h.count(check, "halted");
    expect(h.state(check)!.failCount).toBe(0);
    expect(channel.texts).toHaveLength(1);
    expect(h.hub.events).toBe(events + 1);
  });

  test("a done run outside a streak sends nothing and emits nothing (I-35)", async () => {
    const channel = recording();
    const h = streakHarness({ start: START, channel });
    await h.count(check, "done");
    expect(channel.texts).toEqual([]);
    expect(h.hub.events).toBe(0);
  });

  test("every failure emits `jobs`; a failure with a notice on its way, again when it is answered", async () => {
    const h = streakHarness({ start: START });
    await h.count(check, "error", REASON);
    expect(h.hub.events).toBe(2);
    await h.count(check, "error", REASON);
    expect(h.hub.events).toBe(3);
    await h.count(check, "done");
    expect(h.hub.events).toBe(4);
  });
});
