// Vietnamese strings of running scheduled jobs (issue 13): why a command job failed (L-74), and the failure
// notices, reminders and recovery line sent to the owner's channel (L-71, L-76, L-77).
export const TJ = {
  commandExit: (code: number) => `Lệnh thoát với mã ${code}.`,
  commandLastLine: (line: string) => `Dòng cuối lệnh in ra: ${line}.`,
  commandSignal: (signal: string) => `Lệnh bị dừng bởi tín hiệu ${signal}.`,
  commandTimeout: (seconds: number) => `Lệnh vượt quá ${seconds} giây và đã bị dừng.`,
  commandNotStarted: (detail: string) => `Không khởi động được lệnh: ${detail}`,
  commandNoSandbox:
    "Hồ sơ của agent tắt mạng cho lệnh shell (sandbox.network: false) nhưng máy này không có sandbox " +
    "bubblewrap dùng được, nên lệnh không chạy. Cài gói bubblewrap rồi khởi động lại my-crew.",
  /** A failing run that carried no reason of its own. */
  reasonUnknown: "Không rõ lý do.",
  failed: (name: string) => `Lịch "${name}" gặp lỗi khi chạy:`,
  failedScript: (name: string) => `Lịch "${name}" gặp lỗi khi chạy script:`,
  seeRun: "Xem lượt chạy ở web UI, mục Quản lý → Hoạt động.",
  nextNotice: "Nếu lịch còn hỏng, tin nhắc kế tiếp sẽ đến sau 6 giờ.",
  /** `since` as sinceAt gives it: "07:05 ngày 19/09". */
  reminder: (count: number, since: string) =>
    `Đây là lần hỏng thứ ${count} liên tiếp, tính từ ${since}.`,
  sinceAt: (hourMinute: string, dayMonth: string) => `${hourMinute} ngày ${dayMonth}`,
  recovered: (name: string, count: number) =>
    `Lịch "${name}" đã chạy lại được sau ${count} lần hỏng liên tiếp.`,
} as const;
