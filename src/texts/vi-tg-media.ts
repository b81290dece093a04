// Vietnamese strings of Telegram's incoming media (L-31…L-40) and of a job's delivery to the chat
// (L-64…L-68). Keep lines short: the 120-byte limit counts each Vietnamese letter as 2–3 bytes.
export const TTgMedia = {
  saved: (path: string) => `[Tệp đính kèm đã lưu: ${path}]`,
  downloadFailed:
    "Không tải được tệp bạn gửi từ Telegram nên chưa chuyển cho agent. " +
    "Hãy gửi lại sau ít phút.",
  fileTooBig: (mb: string) =>
    `Tệp nặng ${mb} MB, quá giới hạn 20 MB mà bot Telegram được phép tải về. ` +
    "Hãy gửi tệp nhỏ hơn hoặc chép nó vào workspace theo cách khác.",
  heard: (text: string) => `Đã nghe: ${text}`,
  voiceTooLong: (seconds: number) =>
    `Tin nhắn thoại dài ${seconds} giây, quá giới hạn 300 giây nên không được chép lời. ` +
    "Hãy gửi đoạn ngắn hơn hoặc nhắn bằng chữ.",
  voiceTooLarge: (mb: string) =>
    `Tệp âm thanh nặng ${mb} MB, quá giới hạn 10 MB nên không được chép lời. ` +
    "Hãy gửi đoạn ngắn hơn hoặc nhắn bằng chữ.",
  voiceFormat: (format: string) =>
    `Không chép lời được tệp định dạng ${format}: chỉ nhận mp3, m4a, ogg, wav, flac và aac.`,
  unknownFormat: "không rõ",
};

/** A job's answer as the chat receives it (L-66…L-68). */
export const TJobDelivery = {
  unfinished: (summary: string) => `Run chưa xong và không để lại câu trả lời nào. ${summary}`,
  summary: (state: string, steps: number, spend: string) =>
    `Tóm tắt: ${state}; ${steps} bước; đã tiêu ${spend}.`,
  waitingApproval: (tool: string) => `đang chờ bạn duyệt ${tool}`,
  waitingQuestion: "đang chờ bạn trả lời một câu hỏi",
  emptyDone: "model kết thúc lượt mà không viết gì",
  stopped: "bị dừng giữa chừng",
  expired: (tools: string) =>
    `Không ai duyệt ${tools} trước hạn nên lệnh bị từ chối vì quá hạn; ` +
    "phần trả lời sau được viết khi thiếu nó.",
  cutShort: (reason: string, spend: string) =>
    `Câu trả lời trên bị cắt ngắn: ${reason}. Run đã tiêu ${spend}.`,
  halted: {
    budget: "chạm trần chi phí",
    max_steps: "hết số bước tối đa",
    loop: "gọi lại y hệt một lệnh nhiều lần liên tiếp",
  },
  errorUnknown: "run gặp lỗi không rõ lý do",
  spend: (usd: string, unknownCalls: number) =>
    unknownCalls > 0 ? `$${usd} và ${unknownCalls} lần gọi chưa rõ giá` : `$${usd}`,
};
