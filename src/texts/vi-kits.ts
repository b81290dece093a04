// Vietnamese strings of kits and skills (F-17…F-20): what a person reads when a skill toggle is refused
// or a kit hook blocks a message.
export const TKits = {
  unknownSkill: (name: string) =>
    `Không có skill tuỳ chọn “${name}” cho agent này. ` +
    "Xem danh sách ở GET …/skills rồi gửi lại đúng tên.",
  /** A UserPromptSubmit hook refused the owner's message; the turn ended without a model call. */
  promptBlocked: (reason: string) =>
    `Hook UserPromptSubmit đã chặn tin nhắn này: ${reason || "không nêu lý do"}`,
} as const;
