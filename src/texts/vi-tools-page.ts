// Vietnamese strings of Manage → Công cụ (views/manage/tools.ts): where a tool comes from, whether it is
// declared or deferred, its approval rule in words, and the agent's allow-list and script setting.
export const T_TOOLS = {
  intro: "Mọi công cụ của từng agent: nguồn, cách khai cho model " +
    "và khi nào nó hỏi bạn trước khi chạy.",
  autonomous: "Tự chủ: công cụ “hỏi trước” chạy luôn, trừ những công cụ luôn hỏi.",
  allowList: "Danh sách tools:",
  allowAll: "mọi công cụ có sẵn (không có danh sách tools)",
  mcp: "Máy chủ MCP (mcp:):",
  mcpNone: "không có",
  scriptCalls: { off: "off — script chỉ gọi công cụ chỉ đọc",
    gated: "gated — script gọi được công cụ có ghi, qua cùng cổng duyệt" } as Record<string, string>,
  broken: (detail: string) => `agent.yaml không tải được: ${detail}`,
  none: "Agent này không có công cụ nào.",
  source: {
    builtin: () => "Có sẵn",
    keyed: (key: string) => `Cần khoá ${key}`,
    mcp: (server: string) => `MCP · ${server}`,
  },
  declared: "Khai sẵn",
  deferred: "Trì hoãn — nạp bằng tool_search",
  unavailable: "Chưa có: chưa đặt khoá ở Kết nối",
  rule: {
    never: "Không hỏi",
    asks: "Hỏi trước khi chạy (trừ khi tự chủ hoặc đã cho phép luôn)",
    sometimes: "Hỏi trước khi chạy; vài lệnh luôn hỏi, kể cả khi tự chủ",
    always: "Luôn hỏi, kể cả khi tự chủ",
    question: "Hỏi bạn một câu rồi chờ trả lời",
    readOnly: "Chỉ đọc (bạn ghi trong read_only): không hỏi",
  } as Record<string, string>,
  refuses: "Có trường hợp bị từ chối cứng, duyệt cũng không chạy",
  hint: "Máy chủ tự nhận chỉ đọc — điều này không quyết định gì; " +
    "ghi vào read_only nếu bạn tin nó",
  mcpReplay: "Không chạy lại sau khi máy chủ crew khởi động lại",
};
