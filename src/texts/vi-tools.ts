// Vietnamese strings of tool cards: what each built-in tool is called on screen, the words for a call
// that did not run, the shell output's labels, and the summaries tools give of their own calls. What
// the model reads back stays English (src/agent, src/tools); only what a person sees is here.
export const TTool = {
  label: {
    shell_run: "Chạy lệnh", file_read: "Đọc tệp", file_write: "Ghi tệp", file_edit: "Sửa tệp",
    file_delete: "Xoá tệp", file_list: "Xem thư mục", file_search: "Tìm trong tệp", ask_user: "Hỏi bạn",
    progress_note: "Ghi tiến độ", delegate: "Giao việc", schedule_create: "Tạo lịch",
    web_search: "Tìm trên web", fetch_url: "Đọc trang web",
    pdf_read: "Đọc PDF", image_read: "Xem ảnh", tool_search: "Tìm công cụ",
    conversation_search: "Tìm trong hội thoại cũ",
    artifact_list: "Xem các canvas", artifact_read: "Đọc canvas", artifact_create: "Tạo canvas",
    artifact_edit: "Sửa canvas", artifact_rewrite: "Viết lại canvas", artifact_import: "Nhập tệp vào canvas",
    artifact_export: "Xuất canvas ra tệp",
  } as Record<string, string>,
  /** Shown instead of the result the model got, for calls that never ran or were cut. */
  note: {
    denied: "Bạn đã từ chối lệnh gọi này nên nó không chạy.",
    expired: "Không ai duyệt kịp trước hạn nên lệnh gọi này không chạy.",
    interrupted:
      "Lệnh gọi bị ngắt (lượt bị dừng, máy chủ tắt hoặc cuộc trò chuyện bị xoá); có " +
      "thể nó chưa chạy xong.",
    refused: "Bị chặn: lệnh gọi này không được chạy, kể cả khi bạn cho phép. Lý do:",
    forked:
      "Không chạy ở nhánh này: lúc rẽ nhánh lệnh gọi chưa có kết quả. " +
      "Ở cuộc trò chuyện gốc có thể nó đã chạy.",
    error: "Lệnh gọi gặp lỗi:",
  } as Record<string, string>,
  args: "Tham số",
  output: "Kết quả",
  exitCode: (code: string) => `Mã thoát: ${code}`,
  killedBy: (signal: string) => `Bị dừng bởi tín hiệu ${signal}`,
  stdout: "Đầu ra (stdout)",
  stderr: "Lỗi (stderr)",
  noOutput: "(không có đầu ra)",
  cut: (chars: number) => `… còn ${chars} ký tự nữa, xem đầy đủ trong trang lần chạy.`,
  millis: (ms: number) => `${ms} ms`,
  seconds: (s: number) => `${s.toLocaleString("vi-VN", { maximumFractionDigits: 1 })} giây`,
  // The tools' own one-line summaries (defineTool's `summarize`), where they add words to the arguments.
  searchIn: (pattern: string, path: string) => `${pattern} trong ${path}`,
  onlyFiles: (glob: string) => `(chỉ ${glob})`,
  recursive: "(cả thư mục con)",
  /** The web tools' compact cards (views/web-cards.ts). */
  web: {
    pageBody: (chars: number) => `Nội dung trang (${chars.toLocaleString("vi-VN")} ký tự)`,
    results: (n: number) => `${n} kết quả`,
  },
} as const;
