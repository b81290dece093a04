// The failure line of the Jobs page, exactly as M-46 writes it, and its timestamps (M-47): time only
// today, "Hôm qua 07:00" yesterday, "09/10 22:05" otherwise — today being the server's day.
import { describe, expect, test } from "bun:test";
import type { Failing } from "../../../src/models/jobs.ts";
import { failingLine, when } from "../../../views/manage/job-time.ts";

const days = { today: "2026-10-12", yesterday: "2026-10-11" };
const streak = (f: Partial<Failing>): Failing =>
  ({ count: 3, since: "2026-10-11 07:00", told_at: null, next_notice_at: null, telling: false, ...f });

describe("when", () => {
  test("today is the time alone, yesterday says so, any other day shows day/month", () => {
    expect(when("2026-10-12 07:00", days)).toBe("07:00");
    expect(when("2026-10-11 07:00", days)).toBe("Hôm qua 07:00");
    expect(when("2026-10-09 22:05", days)).toBe("09/10 22:05");
    expect(when("2026-10-13 01:00", days)).toBe("13/10 01:00");
  });
});

describe("failingLine", () => {
  test("a streak with a delivered notice says when and when the reminder comes", () => {
    const f = streak({ told_at: "2026-10-12 07:01", next_notice_at: "2026-10-12 13:01" });
    expect(failingLine(f, days)).toBe(
      "Hỏng 3 lần liên tiếp từ Hôm qua 07:00. Đã báo Telegram lúc 07:01; còn hỏng thì nhắc lại sau 13:01.",
    );
  });

  test("no notice delivered yet: the next failure will try again", () => {
    expect(failingLine(streak({}), days)).toBe(
      "Hỏng 3 lần liên tiếp từ Hôm qua 07:00. Chưa báo được qua Telegram; lần hỏng kế tiếp sẽ thử lại.",
    );
  });

  test("a single failure starts with 'Hỏng từ'", () => {
    expect(failingLine(streak({ count: 1, since: "2026-10-12 07:00" }), days)).toBe(
      "Hỏng từ 07:00. Chưa báo được qua Telegram; lần hỏng kế tiếp sẽ thử lại.",
    );
  });

  test("the first notice in flight reads 'Đang báo qua Telegram.'", () => {
    expect(failingLine(streak({ count: 1, since: "2026-10-12 07:00", telling: true }), days)).toBe(
      "Hỏng từ 07:00. Đang báo qua Telegram.",
    );
  });

  test("a reminder in flight still reports the last delivered notice", () => {
    const f = streak({ telling: true, told_at: "2026-10-09 22:05", next_notice_at: "2026-10-10 04:05" });
    expect(failingLine(f, days)).toBe(
      "Hỏng 3 lần liên tiếp từ Hôm qua 07:00. Đã báo Telegram lúc 09/10 22:05; còn hỏng thì nhắc lại sau 10/10 04:05.",
    );
  });
});
