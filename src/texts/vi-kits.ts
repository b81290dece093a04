// Vietnamese strings of kits and skills (F-17…F-20): what a person reads when a skill toggle is refused.
export const TKits = {
  unknownSkill: (name: string) =>
    `Không có skill tuỳ chọn “${name}” cho agent này. ` +
    "Xem danh sách ở GET …/skills rồi gửi lại đúng tên.",
} as const;
