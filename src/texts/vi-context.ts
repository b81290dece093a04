// Vietnamese strings for the bounded context (issue 20): a turn too big for the model's window even after
// compaction, and the chat's marker where older turns were summarised.
const num = (n: number) => n.toLocaleString("vi-VN");

export const TContext = {
  /** The whole sentence a refused turn ends with (never a silent cut). */
  tooBig: (tokens: number, window: number) =>
    "Lượt này không vừa cửa sổ ngữ cảnh của mô hình " +
    `(khoảng ${num(tokens)} / ${num(window)} token), ` +
    "kể cả sau khi tóm tắt các lượt cũ. Hãy rút ngắn tin nhắn hoặc tệp đính kèm, " +
    "hoặc bắt đầu cuộc trò chuyện mới.",
  /** The marker in the chat where a summary stands in for the turns before it. */
  summarised: (turns: number) => `đã tóm tắt ${num(turns)} lượt cũ`,
  /** The marker's tooltip: what opening it shows. */
  summaryHint:
    "Bấm để xem bản tóm tắt mà mô hình đọc thay cho các lượt cũ; " +
    "các tin nhắn vẫn còn đủ bên trên.",
} as const;
