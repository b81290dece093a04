// Vietnamese strings of memory (G-01…G-04): Manage → Trí nhớ, its proposals queue and file editors, and the
// refusals of its actions.

export const TM = {
  unknownProposal: "Không tìm thấy đề xuất này.",
  alreadyDecided: "Đề xuất này đã được quyết rồi; tải lại trang để xem trạng thái mới.",
  notAccepted: "Chỉ hoàn tác được một đề xuất đã chấp nhận.",
  notMemoryFile: "Đề xuất này trỏ tới một tệp không thuộc trí nhớ, nên không thể áp dụng; " +
    "hãy từ chối nó.",
  changedSince: "Tệp đã đổi kể từ khi đề xuất được tạo, nên không áp dụng được; hãy " +
    "từ chối nó.",
  changedAfterAccept: "Tệp đã đổi sau khi đề xuất được chấp nhận, nên không hoàn tác " +
    "được; hãy sửa tệp trực tiếp.",
  tooLong: "Văn bản dài quá giới hạn của tệp trí nhớ; hãy rút gọn rồi thử lại.",
} as const;

/** A consolidate job's run summary (L-72: one sentence). */
export const TM_RUN = {
  noRoute: "Agent này chưa có route model nào, nên không cô đọng được trí nhớ.",
  failed: (error: string) => `Cô đọng trí nhớ thất bại: ${error}`,
  proposed: (n: number) => `Đã tạo ${n} đề xuất trí nhớ để bạn duyệt.`,
  waiting: "Đề xuất cô đọng lần trước vẫn chờ bạn duyệt, nên lần này không đề xuất " +
    "thêm.",
  nothing: "Không có ghi chú mới cần cô đọng.",
} as const;

/** Manage → Trí nhớ. */
export const TM_PAGE = {
  intro: "Trí nhớ của đội là Markdown trên đĩa: những gì đội biết về bạn (mọi agent đều " +
    "đọc) và trí nhớ riêng " +
    "của từng agent. Một job không ai trông không tự ghi được: việc ghi của nó chờ bạn ở " +
      "đây.",
  pendingTitle: "Đề xuất chờ duyệt",
  noPending: "Không có đề xuất nào đang chờ.",
  decidedTitle: "Đã quyết gần đây",
  noDecided: "Chưa có đề xuất nào được quyết.",
  filesTitle: "Tệp trí nhớ",
  userFile: "Về bạn — mọi agent đều đọc",
  agentFile: (name: string) => `Trí nhớ của ${name}`,
  scope: (scope: "user" | "agent", name: string) => (scope === "user" ? "Về bạn" : `Trí nhớ của ${name}`),
  fromJob: (id: string) => `từ việc định kỳ ${id}`,
  fromConsolidate: (days: string | null) =>
    (days ? `cô đọng ghi chú ${days.replace("…", " → ")}` : "cô đọng trí nhớ"),
  fromOther: "nguồn khác",
  addsNote: "Thêm ghi chú",
  rewrites: "Viết lại tệp",
  proposed: "Văn bản đề xuất",
  current: "Văn bản hiện tại",
  replaced: "Văn bản trước đó",
  accept: "Chấp nhận",
  reject: "Từ chối",
  rollback: "Hoàn tác",
  status: {
    pending: "Đang chờ", accepted: "Đã chấp nhận", rejected: "Đã từ chối",
  } as Record<string, string>,
  acceptedFlash: "Đã chấp nhận: tệp đã được ghi.",
  rejectedFlash: "Đã từ chối; tệp không đổi.",
  rolledBackFlash: "Đã hoàn tác: tệp trở lại đúng như trước, và đề xuất chờ bạn quyết " +
    "lại.",
  save: "Lưu",
  saved: "Đã lưu.",
  empty: "(trống)",
  chars: (max: number) => `Tối đa ${max} ký tự.`,
  editedMeanwhile: "Tệp đã đổi kể từ khi bạn mở nó; chép phần bạn sửa, tải lại trang " +
    "rồi sửa lại trên bản mới.",
  badForm: "Yêu cầu không hợp lệ; tải lại trang rồi thử lại.",
  unknownAgent: "Không có agent này trong đội; tải lại trang.",
  named: (action: string, id: number) => `${action} đề xuất #${id}`,
  seeProposals: (n: number) => `${n} đề xuất trí nhớ đang chờ`,
} as const;
