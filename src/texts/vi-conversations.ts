// Vietnamese strings for renaming and deleting a conversation (sidebar and chat header) and for a
// conversation that does not exist.
export const TConv = {
  actions: "Đổi tên hoặc xoá",
  actionsOf: (title: string) => `Đổi tên hoặc xoá “${title}”`,
  titleLabel: "Tên cuộc trò chuyện",
  rename: "Đổi tên",
  remove: "Xoá cuộc trò chuyện",
  confirmRemove: "Xoá hẳn? Tin nhắn và lịch sử của cuộc này sẽ mất.",
  confirmYes: "Xoá",
  cancel: "Thôi",
  titleEmpty: "Tên cuộc trò chuyện không được để trống.",
  titleTooLong: (max: number) => `Tên cuộc trò chuyện dài quá: tối đa ${max} ký tự.`,
  notFoundTitle: "Không có cuộc trò chuyện này",
  notFoundBody: "Có thể nó đã bị xoá, hoặc liên kết bị gõ sai.",
  backToList: "Về danh sách cuộc trò chuyện",
} as const;
