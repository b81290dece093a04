// Vietnamese strings of the OpenAI-compatible door (/v1/…, docs/openai-api.md).
export const TO = {
  modelNotFound: (model: string) =>
    `Không có model "${model}": dùng "my-crew" (agent chính) hoặc mã một agent trong GET /v1/models.`,
  noUserMessage: 'Trong "messages" không có tin nhắn nào với role "user": hãy gửi ít nhất một.',
  emptyUserMessage:
    'Tin nhắn "user" cuối cùng không có chữ: content phải là chuỗi hoặc có phần {"type": "text"}.',
  textTooLong: (max: number) => `Tin nhắn "user" cuối cùng quá dài: tối đa ${max} ký tự.`,
  userChars: "chỉ gồm chữ không dấu, số và . _ @ -",
  pathNotFound:
    "Không có đường dẫn này: cổng OpenAI chỉ có POST /v1/chat/completions và GET /v1/models.",
} as const;
