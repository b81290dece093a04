// Vietnamese texts for the MCP servers' lines on Manage → Kết nối (H-22, O-12).
export const T_MCP = {
  title: "Máy chủ MCP",
  intro: "Khai trong config.yaml (mcp_servers); agent dùng tool của máy chủ nào thì ghi tên nó trong mcp:.",
  none: "Chưa khai máy chủ MCP nào.",
  connecting: "đang kết nối…",
  connected: (n: number) => `đã kết nối, ${n} tool`,
  failed: (reason: string) => `không kết nối được: ${reason}`,
  problems: "Agent ghi tên máy chủ chưa khai",
};
