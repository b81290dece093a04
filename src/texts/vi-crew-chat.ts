// Vietnamese strings of the chat screen's crew parts: the "Đội" card, the skill toggles in the options
// card, the delegate step's link and the notice on a delegated child conversation.
export const TCrewChat = {
  crewCardTitle: "Đội của bạn",
  manageTeam: "Quản lý đội",
  master: "trợ lý chính",
  mode: { chat: "trò chuyện", work: "làm việc" } as Record<string, string>,
  live: "đang chạy",
  skills: "Kỹ năng",
  noSkills: "Agent này chưa có kỹ năng nào.",
  alwaysOn: "luôn bật",
  openDelegated: "Mở cuộc giao việc",
  delegatedNotice: (agent: string) => `${agent} đang làm việc được giao từ một cuộc trò chuyện khác.`,
  backToParent: "Về cuộc trò chuyện gốc",
} as const;
