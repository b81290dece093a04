// Vietnamese strings of Manage → Việc định kỳ (M-45…M-48): schedules in words, the slot ledger, the
// failure line (exact formats of M-46/M-47), the actions and their answers.

/** "a", "a và b", "a, b và c" */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} và ${items.at(-1)}`;
}

export const T_CRON = {
  everyMinute: "mỗi phút",
  everyMinutes: (n: number) => (n === 1 ? "mỗi phút" : `mỗi ${n} phút`),
  everyHourAt: (minutes: string) => `mỗi giờ vào phút ${minutes}`,
  everyHoursAt: (n: number, minutes: string) => `mỗi ${n} giờ vào phút ${minutes}`,
  between: (from: string, to: string) => `từ ${from} đến ${to}`,
  at: (times: string) => `lúc ${times}`,
  everyDay: "mỗi ngày",
  weekdays: [
    "Chủ nhật", "Thứ Hai", "Thứ Ba", "Thứ Tư", "Thứ Năm", "Thứ Sáu", "Thứ Bảy", "Chủ nhật",
  ],
  weekdayRange: (from: string, to: string) => `${from} đến ${to}`,
  monthDays: (days: string) => `ngày ${days}`,
  monthDayRange: (from: number, to: number) => `từ ngày ${from} đến ngày ${to}`,
  monthly: "hằng tháng",
  months: (months: string) => `tháng ${months}`,
  monthRange: (from: number, to: number) => `từ tháng ${from} đến tháng ${to}`,
  every: { s: "giây", m: "phút", h: "giờ", d: "ngày" } as Record<string, string>,
  everyUnit: (n: number, unit: string) => (n === 1 ? `mỗi ${unit}` : `mỗi ${n} ${unit}`),
  nicknames: {
    "@yearly": "Ngày 1 tháng 1 lúc 00:00",
    "@annually": "Ngày 1 tháng 1 lúc 00:00",
    "@monthly": "Ngày 1 hằng tháng lúc 00:00",
    "@weekly": "Chủ nhật lúc 00:00",
    "@daily": "Mỗi ngày lúc 00:00",
    "@midnight": "Mỗi ngày lúc 00:00",
    "@hourly": "Mỗi giờ vào phút 00",
  } as Record<string, string>,
};

export const T_JOBS_PAGE = {
  intro: "Các việc đội tự làm theo lịch: lịch viết trong hồ sơ agent và lịch tạo từ chat. "
    + "Mỗi lần đến giờ đều được ghi lại — đã chạy, bỏ qua hay bị lỡ, kèm lý do.",
  empty: "Chưa có việc định kỳ nào. Thêm `schedules` vào agent.yaml của một agent, "
    + "hoặc nhờ trợ lý tạo lịch trong chat.",
  origin: { profile: "Lịch viết tay", chat: "Tạo từ chat" } as Record<string, string>,
  kind: {
    prompt: "Lời nhắn", command: "Lệnh", script: "Script", consolidate: "Cô đọng trí nhớ",
  } as Record<string, string>,
  nextRun: "Lần tới",
  lastRun: "Lần trước",
  never: "chưa chạy lần nào",
  noNext: "—",
  pausedNote: "Đang tạm dừng",
  disabledNote: "Tắt trong agent.yaml (bật lại bằng cách sửa hồ sơ agent)",
  ended: (status: string) => `kết thúc: ${status}`,
  slotsTitle: "Các lần đến giờ gần đây",
  noSlots: "Chưa đến giờ lần nào.",
  outcome: { ran: "đã chạy", skipped: "bỏ qua", missed: "bị lỡ" } as Record<string, string>,
  reason: {
    paused: "đang tạm dừng",
    changed: "lịch vừa được sửa",
    not_yet: "loại việc này cần phiên bản my-crew sau",
    down: "server không chạy lúc đó",
    busy: "việc trước chạy quá giờ",
  } as Record<string, string>,
  runNow: "Chạy ngay",
  pause: "Tạm dừng",
  resume: "Tiếp tục",
  edit: "Sửa lịch",
  remove: "Xoá",
  confirmRemove: (name: string) => `Xoá lịch “${name}”? Lịch sử chạy vẫn được giữ.`,
  history: "Lịch sử chạy",
  noRuns: "Việc này chưa chạy lần nào.",
  started: "Đã bắt đầu chạy — xem ở Hoạt động.",
  unknownJob: "Không có việc định kỳ này nữa: " +
    "có thể nó vừa bị xoá hoặc hồ sơ agent vừa đổi. "
    + "Tải lại trang để xem danh sách mới.",
  badForm: "Biểu mẫu thiếu mã việc; tải lại trang rồi thử lại.",
  noScheduler: "Bộ lập lịch chưa được bật trong server này.",
  yesterday: (time: string) => `Hôm qua ${time}`,
  failing: {
    many: (count: number, since: string) => `Hỏng ${count} lần liên tiếp từ ${since}.`,
    once: (since: string) => `Hỏng từ ${since}.`,
    told: (at: string, next: string) => `Đã báo Telegram lúc ${at}; còn hỏng thì nhắc lại sau ${next}.`,
    notTold: "Chưa báo được qua Telegram; lần hỏng kế tiếp sẽ thử lại.",
    telling: "Đang báo qua Telegram.",
  },
};
