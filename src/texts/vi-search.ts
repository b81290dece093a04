// Vietnamese strings for message search (sidebar "Trong nội dung", GET /api/messages/search) and the
// conversation's Markdown export.
export const TSearch = {
  inContent: "Trong nội dung",
  /** Titles and content both matched nothing (M-09: not shown while content has hits). */
  noResults: "Không có kết quả",
  /** An agent badge's accessible name on a content hit of another agent's conversation. */
  agentOf: (name: string) => `của ${name}`,
  queryMissing: "Thiếu tham số q: hãy gửi từ cần tìm, ví dụ ?q=dọn dẹp.",
  queryTooLong: (max: number) => `Từ cần tìm dài quá: tối đa ${max} ký tự.`,
  badLimit: (max: number) => `Tham số limit phải là số nguyên từ 1 đến ${max}.`,
  exportMarkdown: "Tải về (Markdown)",
} as const;
