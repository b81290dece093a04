// Vietnamese reasons a voice note could not be turned into text (transcribe, L-38, L-39): shown to the
// sender in place of the raw provider error.
export const TMedia = {
  noRoute:
    "Chưa bật chép lời giọng nói: thêm audio_routes (ví dụ openai:gpt-4o-mini-transcribe) vào " +
    "config.yaml hoặc agent.yaml, đặt khoá API tương ứng trong Kết nối, " +
    "rồi gửi lại tin nhắn thoại.",
  timeout: "Chép lời quá 25 giây nên đã dừng. " +
    "Hãy gửi lại đoạn ngắn hơn hoặc nhắn bằng chữ.",
  routeError:
    "Dịch vụ chép lời đang lỗi nên chưa nghe được tin nhắn thoại. " +
    "Hãy thử lại sau hoặc nhắn bằng chữ.",
  unheard: "Không nghe rõ nội dung tin nhắn thoại. Hãy nói rõ hơn hoặc nhắn bằng chữ.",
  unreadable: "Không đọc được tệp âm thanh đã nhận. Hãy gửi lại tin nhắn thoại.",
};
