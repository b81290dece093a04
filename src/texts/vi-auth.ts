// Vietnamese strings of the LAN login, the inbound token and the session actions in Cài đặt (issue 9).
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const TA = {
  loginWrong:
    "Sai mật khẩu hoặc mã ghép nối: hãy nhập lại (sai 5 lần trong 10 phút thì phải chờ).",
  loginEmpty: "Hãy nhập MY_AGENT_PASSWORD hoặc mã ghép nối in trong nhật ký máy chủ.",
  throttledAddress: (seconds: number) =>
    `Thiết bị này đã nhập sai quá nhiều lần. Hãy thử lại sau ${minutes(seconds)} phút.`,
  throttledGlobal: (seconds: number) =>
    "Máy chủ tạm khoá đăng nhập vì có quá nhiều lần thử sai từ nhiều nơi. Hãy thử " +
    `lại sau ${minutes(seconds)} phút, ` +
    "hoặc dùng trình duyệt trên chính máy chủ (không cần đăng nhập).",
  inboundMissing: "Thiếu token: hãy gửi tiêu đề Authorization: Bearer <MY_AGENT_INBOUND_TOKEN>.",
  inboundNoBearer:
    "Tiêu đề Authorization phải bắt đầu bằng chữ Bearer, ví dụ: Authorization: Bearer <token>.",
  inboundWrong: "Token trong Authorization: Bearer không khớp MY_AGENT_INBOUND_TOKEN của máy chủ.",
  sessionsTitle: "Đăng nhập",
  noLogin: "Máy chủ chỉ mở cho chính máy này nên không cần đăng nhập.",
  onServer: "Bạn đang dùng trình duyệt trên chính máy chủ nên không cần đăng nhập.",
  signedIn: "Thiết bị này đang đăng nhập qua mạng LAN. Phiên hết hạn sau 30 ngày không dùng.",
  others: (n: number) =>
    n === 0
      ? "Không có thiết bị nào khác đang đăng nhập."
      : `${n} thiết bị khác đang đăng nhập.`,
  logout: "Đăng xuất",
  signOutOthers: "Đăng xuất các thiết bị khác",
  signedOutOthers: (n: number) => `Đã đăng xuất ${n} thiết bị khác.`,
} as const;
