// Every Vietnamese string the browser shows on its own (O-18). Server-rendered text comes from
// src/texts/vi.ts; this file holds only what scripts write into the page.
window.T = Object.freeze({
  offline: "Mất kết nối tới máy chủ, đang thử lại…",
  closeMenu: "Đóng danh sách",
  openMenu: "Mở danh sách",
});
