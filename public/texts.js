// Every Vietnamese string the browser shows on its own (O-18). Server-rendered text comes from
// src/texts/vi.ts; this file holds only what scripts write into the page.
window.T = Object.freeze({
  offline: "Mất kết nối tới máy chủ, đang thử lại…",
  closeMenu: "Đóng danh sách",
  openMenu: "Mở danh sách",
  pendingWork: "có việc đang chờ bạn",
  today: "Hôm nay",
  yesterday: "Hôm qua",
  older: "Cũ hơn",
  chipQueued: "Đã xếp hàng, chạy sau lượt này",
  chipSteer: "Sẽ chèn vào lượt đang chạy",
  notStoppedHere: "Lượt đang chạy ở nơi khác nên chưa dừng được từ đây.",
  newBelow: "↓ mới",
  sendFailed: "Chưa gửi được. Tin nhắn vẫn nằm trong ô soạn; bấm Gửi để thử lại.",
  forkFailed: "Chưa rẽ nhánh được; kiểm tra kết nối rồi thử lại.",
  canvasConflict: "Canvas vừa có phiên bản mới hơn; chép phần bạn sửa, " +
    "tải lại rồi sửa trên bản mới.",
  canvasSaveFailed: "Chưa lưu được canvas; kiểm tra kết nối rồi thử lại.",
  justNow: "vừa xong",
  expired: "đã hết hạn",
  /** The approval countdown, e.g. "còn 9:58". */
  timeLeft: (mmss) => `còn ${mmss}`,
});
