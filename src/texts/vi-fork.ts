// Vietnamese strings for forking a conversation (K-07…K-12, M-17, M-31…M-33): the refusals of
// POST /api/conversations/{id}/fork, the branch title's suffix, the header line and the bubble's button.
export const TFork = {
  /** Appended once to a branch's title, never stacked over repeated forks (M-17). */
  suffix: "(nhánh)",
  notAMessage: "Tin nhắn này không có trong cuộc trò chuyện; tải lại trang rồi thử lại.",
  notUser:
    "Chỉ rẽ nhánh được tại một tin nhắn của bạn, " +
    "không phải tại câu trả lời hay kết quả công cụ.",
  childRefused:
    "Không rẽ nhánh được cuộc trò chuyện do agent khác giao việc; " +
    "hãy rẽ nhánh từ cuộc trò chuyện gốc.",
  forkedFrom: "Rẽ nhánh từ",
  originGeneric: "cuộc trò chuyện gốc",
  editAndResend: "Sửa và gửi lại từ đây",
} as const;
