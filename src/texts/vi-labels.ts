// Vietnamese names for internal words that reach the screen: where a run came from, the master
// agent's id, and why a model was called (the ledger's purposes). Unknown values pass through.
const SOURCES: Record<string, string> = { chat: "Trò chuyện", api: "API", telegram: "Telegram", web: "Web" };
const PURPOSES: Record<string, string> = {
  chat: "Trò chuyện", title: "Đặt tên cuộc trò chuyện", summary: "Tóm tắt phiên",
  tool_summary: "Tóm tắt kết quả công cụ",
  compaction: "Tóm tắt lượt cũ",
  image: "Đọc ảnh",
  pdf_page: "Đọc trang PDF",
  consolidate: "Cô đọng trí nhớ",
  wiki: "Dựng wiki", script: "Script hỏi model", transcribe: "Chép lời giọng nói",
};

export const TLabel = {
  /** "job:<name>" reads as the job's name after the word for jobs. */
  source: (s: string) => (s.startsWith("job:") ? `Việc định kỳ ${s.slice(4)}` : SOURCES[s] ?? s),
  agent: (id: string) => (id === "default" ? "Trợ lý chính" : id),
  purpose: (p: string) => PURPOSES[p] ?? p,
} as const;
