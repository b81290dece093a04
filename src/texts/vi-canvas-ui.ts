// Vietnamese strings of the canvas screens (M-37, M-38): the panel beside the chat, the canvas's own
// page, its editor and its version list. Browser-side words are in public/texts.js.
export const TCanvasUi = {
  panelLabel: "Canvas",
  pick: "Chọn canvas",
  openPage: "Mở trang riêng",
  close: "Đóng canvas",
  download: "Tải về",
  edit: "Sửa",
  save: "Lưu",
  cancel: "Huỷ",
  versions: "Các phiên bản",
  restore: "Khôi phục",
  current: "hiện tại",
  byAgent: "agent",
  byUser: "bạn",
  /** e.g. "phiên bản 3" */
  version: (n: number) => `phiên bản ${n}`,
  notFoundTitle: "Không tìm thấy canvas",
  notFound: "Canvas này không có hoặc đã bị xoá; mở lại từ cuộc trò chuyện của nó.",
  notRunnable: "Loại canvas này không có trang chạy được; mở trang riêng của canvas để xem.",
  notPicture: "Canvas này không phải là hình; mở trang riêng của canvas để xem.",
  badImage: "Nội dung ảnh của canvas này không đọc được; tải về để xem.",
  frameTitle: (title: string) => `Canvas: ${title}`,
  kinds: { markdown: "Markdown", html: "HTML", mermaid: "Mermaid", svg: "SVG", image: "Ảnh" },
} as const;
