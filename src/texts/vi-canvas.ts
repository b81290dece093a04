// Vietnamese strings of canvases on the server: the export approval card and the JSON API's refusals.
export const TCanvas = {
  /** artifact_export always asks (H-60): the card says which canvas overwrites which file. */
  exportReason: (id: string, version: number | undefined, path: string) =>
    `Xuất canvas ${id} (${version ? `phiên bản ${version}` : "phiên bản mới nhất"}) ra tệp ${path} ` +
    "trong workspace: tệp đã có ở đó sẽ bị ghi đè.",
  notFound: "Không có canvas này: có thể nó đã bị xoá hoặc mã sai.",
  versionNotFound: (n: string) => `Canvas này không có phiên bản ${n}.`,
  conversationMissing: "Thiếu tham số conversation_id: hãy gửi mã cuộc trò chuyện, ví dụ ?conversation_id=…",
  conversationNotFound: "Không có cuộc trò chuyện này.",
  stale: (latest: number) =>
    `Canvas đã có phiên bản ${latest} mới hơn bản bạn đang sửa. Hãy tải lại phiên bản mới nhất rồi sửa tiếp.`,
  notText: "Canvas ảnh không sửa được bằng chữ; hãy khôi phục một phiên bản hoặc để agent thay ảnh.",
  badBody: "Nội dung gửi lên không hợp lệ: cần {\"content\": \"…\", \"base_version\": số phiên bản đang sửa}.",
  badRestore: "Nội dung gửi lên không hợp lệ: cần {\"version\": số phiên bản muốn khôi phục}.",
} as const;
