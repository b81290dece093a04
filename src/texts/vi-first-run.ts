// Vietnamese texts for the first run: the home page's welcome card when no model route is set.
export const FIRST_RUN = {
  title: "Chào mừng! Hãy kết nối một mô hình",
  body:
    "Chưa có tuyến mô hình nào, nên trợ lý chưa trả lời được. Thêm khoá của nhà cung cấp " +
    "và tuyến mô hình trong Quản lý → Kết nối, hoặc thử ngay với mô hình giả: nó chỉ " +
    "nhắc lại lời bạn, không tốn tiền, và bạn đổi sang mô hình thật lúc nào cũng được.",
  openConnections: "Mở Quản lý → Kết nối",
  tryFake: "Thử với mô hình giả",
  failed: (detail: string) => `Chưa bật được mô hình giả: ${detail}`,
  inboundNoRoute: (agent: string) => `Agent ${agent} chưa có tuyến mô hình nào nên chưa trả lời được. `
    + "Đặt MY_AGENT_ROUTES (trong Quản lý → Kết nối, hoặc fake:echo để thử) rồi gửi lại.",
} as const;
