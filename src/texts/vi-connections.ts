// Vietnamese labels for Manage → Kết nối: each catalogue row's human name (the env name is shown under
// it), keyed by the row's description key, with the provider's name where the row has one.
export const CONN_LABELS: Record<string, (provider?: string) => string> = {
  routes: () => "Tuyến mô hình (bắt buộc)",
  apiKey: (p) => `Khoá API ${p ?? ""}`.trim(),
  baseUrl: (p) => `Địa chỉ API ${p ?? ""}`.trim(),
  keylessUrl: (p) => `Máy chủ mô hình tại nhà ${p ?? ""}`.trim(),
  telegramToken: () => "Token bot Telegram",
  telegramBase: () => "Địa chỉ API Telegram",
  searchKey: () => "Khoá tìm kiếm web (Brave)",
  searchUrl: () => "Địa chỉ API tìm kiếm",
  allowedHosts: () => "Tên máy được phép truy cập",
  timezone: () => "Múi giờ",
};
