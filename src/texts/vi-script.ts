// Vietnamese sentences of tool_script's engine (H-39): how a script's run ended, read by the model and shown in
// the run's tool result. "Lỗi" is an error the script raised; "Dừng" is the engine stopping it.
export const T_SCRIPT = {
  failed: (line: number | null, message: string) =>
    line === null ? `Lỗi: ${message}` : `Lỗi ở dòng ${line}: ${message}`,
  stopped: (line: number | null, why: string) =>
    (line === null ? `Dừng: ${why}` : `Dừng ở dòng ${line}: ${why}`),
  time: (seconds: number) => `script chạy quá ${seconds} giây nên bị dừng.`,
  memory: (mb: number) => `script dùng quá ${mb} MB bộ nhớ nên bị dừng.`,
  output: (kb: number) => `print đã in quá ${kb} KB; phần sau đó bị cắt và script bị dừng.`,
  aborted: "lượt chạy đã bị huỷ.",
  notStarted: "tiến trình chạy script không khởi động được.",
  killed: (signal: string) =>
    `tiến trình chạy script bị hệ điều hành dừng (tín hiệu ${signal}), ` +
    "thường do vượt giới hạn.",
  exited: (code: number) => `tiến trình chạy script kết thúc bất thường (mã thoát ${code}).`,
  broken: (why: string) => `kênh liên lạc với tiến trình chạy script bị hỏng (${why}).`,
  tooBig: (kb: number) => `mã script dài quá ${kb} KB; hãy viết ngắn hơn.`,
  messageTooBig: (mb: number) => `một lần gọi từ script gửi quá ${mb} MB dữ liệu.`,
  unknownTool: (name: string, known: string[]) =>
    `không có công cụ "${name}" trong script. Có: ${known.length ? known.join(", ") : "(không có)"}.`,
  neverSettles: "script chờ một Promise không bao giờ xong.",
  badStoreKey: "store(key, value) cần key là chuỗi không rỗng.",
  badStoreValue: "store(key, value) cần value lưu được dạng JSON.",
} as const;
