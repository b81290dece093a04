// Vietnamese strings of the Telegram bot's state in Manage → Cài đặt (issue 14, deliverable 8).
export const T_TG_BOT = {
  noToken: (name: string) => `Telegram: đã cấu hình nhưng biến môi trường ${name} chưa đặt, kênh ` +
    `đang tắt.`,
  notRunning: "Telegram: đã cấu hình, bot chưa chạy (server chạy với --no-schedule).",
  enabled: "Telegram: đang bật.",
  polling: "Đang nhận tin.",
  notPolling: "Chưa nhận được tin từ Telegram, đang thử lại.",
  lastUpdate: (at: string) => `Tin gần nhất: ${at}.`,
  noUpdate: "Chưa có tin nào từ khi server chạy.",
  lastError: (text: string) => `Lỗi gần nhất: ${text}`,
} as const;
