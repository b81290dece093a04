// Vietnamese strings of the Telegram chat (src/telegram): titles, command answers, notices.
// Every line here reaches the owner's phone as plain text.

export const T_TG = {
  title: (day: string) => `Telegram · ${day}`,
  commands: {
    new: "Mở cuộc trò chuyện mới",
    reset: "Mở cuộc trò chuyện mới",
    start: "Mở cuộc trò chuyện mới",
    help: "Danh sách lệnh",
    status: "Tình trạng cuộc trò chuyện",
    tools: "Tên các tool của master",
    steer: "Chèn ý vào lượt đang chạy",
    approve: "Cho phép thao tác đang chờ duyệt",
    deny: "Từ chối thao tác đang chờ duyệt",
  } as Record<string, string>,
  helpTitle: "Các lệnh:",
  opened: "Đã mở cuộc trò chuyện mới.",
  steered: "Đã chèn ý này vào lượt đang chạy, sau thao tác hiện tại.",
  newRefused: "Lượt vẫn đang chạy hoặc còn tin xếp hàng; đợi xong rồi hãy mở cuộc mới.",
  errorType: (name: string) => `(Loại lỗi: ${name}.)`,
  empty: (steps: number) => `Lượt này kết thúc mà không có chữ nào (${steps} bước).`,
  approval: (tool: string, summary: string) =>
    `Đang chờ bạn duyệt: ${tool}${summary ? ` — ${summary}` : ""}.\n` +
    "Gõ /approve để cho phép hoặc /deny để từ chối.",
  question: (q: string, options: string[]) =>
    [q, ...options.map((o, i) => `${i + 1}. ${o}`), "Trả lời bằng tin nhắn kế tiếp" +
      (options.length ? "; gõ số để chọn." : ".")].join("\n"),
  reminder: "Một thao tác đang chờ duyệt. Gõ /approve để cho phép hoặc /deny để từ " +
    "chối trước.",
  noPending: "Không có thao tác nào đang chờ duyệt.",
  questionNotApproval:
    "Đây là câu hỏi, không phải yêu cầu duyệt: hãy trả lời bằng tin nhắn thường.",
  approved: "Đã cho phép.",
  denied: "Đã từ chối.",
  statusBusy: (queued: number) => `đang chạy · ${queued} tin xếp hàng`,
  statusIdle: "đang rảnh",
  statusLines: (o: { turns: number; spent: string; cap: string; route: string; pending: number; last: string }) =>
    [
      `Số lượt: ${o.turns}`,
      `Chi tiêu: ${o.spent} / trần ${o.cap}`,
      `Tuyến: ${o.route}`,
      `Duyệt đang chờ: ${o.pending}`,
      `Run gần nhất: ${o.last}`,
    ].join("\n"),
  noCap: "không giới hạn",
  noRoute: "chưa có",
  noRun: "chưa có",
  toolsTitle: "Tool của master:",
  mediaMissing: (path: string) => `Không gửi được tệp ${path}: không có trong workspace.`,
  mediaTooBig: (path: string) => `Tệp ${path} quá lớn để gửi qua Telegram; hãy mở web UI để xem.`,
  mediaRefused: (path: string) => `Telegram không nhận tệp ${path}; hãy mở web UI để xem.`,
  canvasMissing: (id: string) => `Không gửi được canvas ${id}: không có canvas nào như vậy.`,
  canvasCaption: (title: string, version: number) => `${title} (phiên bản ${version})`,
  cancelled:
    "Bot vừa dừng để dựng lại nên lượt này đã bị huỷ giữa chừng. " +
    "Có thể phần cuối câu trả lời hoặc tệp đính kèm chưa kịp tới; " +
    "nếu cần, hãy gửi lại yêu cầu.",
  restartCut:
    "Server đang khởi động lại nên lượt vừa rồi bị ngắt giữa chừng. Khi server chạy lại, " +
    "lượt này sẽ được làm tiếp một lần nếu còn làm tiếp được…",
};
