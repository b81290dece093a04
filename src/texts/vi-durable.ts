// Vietnamese strings of durability and provider failures (issue 10): what a failed model call says in the
// chat and on the run, by class of failure; only a key problem points to Kết nối.
export const TD = {
  providerAuth: (provider: string, detail: string) =>
    `${provider} từ chối khoá API (${detail}). Kiểm tra khoá trong Quản lý → Kết nối.`,
  providerRefused: (provider: string, detail: string) => `${provider} từ chối yêu cầu: ${detail}`,
  providerRateLimited: (provider: string, detail: string) =>
    `${provider} đang giới hạn số yêu cầu (${detail}). Thử lại sau ít phút.`,
  providerUnavailable: (provider: string, detail: string) =>
    `${provider} đang lỗi hoặc không kết nối được: ${detail}`,
  providerBroken: (provider: string, detail: string) => `${provider} trả lời hỏng giữa chừng: ${detail}`,
  allRoutesFailed: (each: string) => `Không tuyến model nào trả lời được. ${each}`,
} as const;
