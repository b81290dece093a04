// Vietnamese strings of memory (G-01…G-04): Manage → Trí nhớ, its proposals queue and file editors, and the
// refusals of its actions.

export const TM = {
  unknownProposal: "Không tìm thấy đề xuất này.",
  alreadyDecided: "Đề xuất này đã được quyết rồi; tải lại trang để xem trạng thái mới.",
  notAccepted: "Chỉ hoàn tác được một đề xuất đã chấp nhận.",
  notMemoryFile: "Đề xuất này trỏ tới một tệp không thuộc trí nhớ, nên không thể áp dụng; hãy từ chối nó.",
  changedSince: "Tệp đã đổi kể từ khi đề xuất được tạo, nên không áp dụng được; hãy từ chối nó.",
  changedAfterAccept: "Tệp đã đổi sau khi đề xuất được chấp nhận, nên không hoàn tác được; hãy sửa tệp trực tiếp.",
  tooLong: "Văn bản dài quá giới hạn của tệp trí nhớ; hãy rút gọn rồi thử lại.",
} as const;

/** A consolidate job's run summary (L-72: one sentence). */
export const TM_RUN = {
  noRoute: "Agent này chưa có route model nào, nên không hợp nhất được trí nhớ.",
  failed: (error: string) => `Hợp nhất trí nhớ thất bại: ${error}`,
  done: (n: number) => (n > 0 ? `Đã tạo ${n} đề xuất trí nhớ để bạn duyệt.` : "Không có gì mới để hợp nhất."),
} as const;
