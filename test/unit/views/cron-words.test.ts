// The schedule in words beside the raw cron (M-45): the common shapes read as Vietnamese, anything else
// falls back to null (the page then shows only the raw text).
import { describe, expect, test } from "bun:test";
import { cronWords, everyWords } from "../../../views/manage/cron-words.ts";

describe("cronWords", () => {
  test.each([
    ["* * * * *", "Mỗi phút"],
    ["*/5 * * * *", "Mỗi 5 phút"],
    ["0 * * * *", "Mỗi giờ vào phút 00"],
    ["0,30 * * * *", "Mỗi giờ vào phút 00 và 30"],
    ["0 7 * * *", "Mỗi ngày lúc 07:00"],
    ["30 6 * * *", "Mỗi ngày lúc 06:30"],
    ["0 7,19 * * *", "Mỗi ngày lúc 07:00 và 19:00"],
    ["0 9 * * 1-5", "Thứ Hai đến Thứ Sáu lúc 09:00"],
    ["0 9 * * 1,3,5", "Thứ Hai, Thứ Tư và Thứ Sáu lúc 09:00"],
    ["0 10 * * 0", "Chủ nhật lúc 10:00"],
    ["0 10 * * 7", "Chủ nhật lúc 10:00"],
    ["0 8 1 * *", "Ngày 1 hằng tháng lúc 08:00"],
    ["0 8 1,15 * *", "Ngày 1 và 15 hằng tháng lúc 08:00"],
    ["0 8 1-7 * *", "Từ ngày 1 đến ngày 7 hằng tháng lúc 08:00"],
    ["0 0 1 1 *", "Ngày 1 tháng 1 lúc 00:00"],
    ["0 */2 * * *", "Mỗi 2 giờ vào phút 00"],
    ["15 8-18/2 * * *", "Mỗi 2 giờ vào phút 15, từ 08:15 đến 18:15"],
    ["*/15 9-17 * * 1-5", "Mỗi 15 phút, từ 09:00 đến 17:45, Thứ Hai đến Thứ Sáu"],
    ["* 9 * * *", "Mỗi phút, từ 09:00 đến 09:59"],
    ["0 9-17 * * *", "Mỗi giờ vào phút 00, từ 09:00 đến 17:00"],
    ["@daily", "Mỗi ngày lúc 00:00"],
  ])("%s → %s", (expr, words) => {
    expect(cronWords(expr)).toBe(words);
  });

  test.each([
    "0 9 * * MON", "0 9 L * *", "0 0 9 * * *", "0 9 1 * 1", "61 * * * *", "0 25 * * *", "0 9 */2 * *",
    "5/15 * * * *", "nonsense", "",
  ])("%s has no words", (expr) => {
    expect(cronWords(expr)).toBeNull();
  });
});

describe("everyWords", () => {
  test.each([
    ["30m", "Mỗi 30 phút"], ["1m", "Mỗi phút"], ["1h", "Mỗi giờ"], ["2h", "Mỗi 2 giờ"], ["45s", "Mỗi 45 giây"],
    ["1d", "Mỗi ngày"],
  ])("%s → %s", (every, words) => {
    expect(everyWords(every)).toBe(words);
  });

  test("an unknown unit or zero has no words", () => {
    expect(everyWords("3w")).toBeNull();
    expect(everyWords("0m")).toBeNull();
  });
});
