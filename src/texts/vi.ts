// Every Vietnamese string the server shows a person lives here (O-18); code uses the English keys.
export const T = {
  appName: "my-crew",
  welcomeTitle: "Chào bạn",
  welcomeBody: "Đây là trợ lý cá nhân của bạn. Phần trò chuyện sẽ có ở bản tiếp theo.",
  serverStatus: "Máy chủ",
  serverOk: "đang chạy",
  version: "Phiên bản",
  conversations: "Cuộc trò chuyện",
  noConversations: "Chưa có cuộc trò chuyện nào.",
  newConversation: "Cuộc trò chuyện mới",
  manage: "Quản lý",
  menu: "Mở danh sách",
  skipToMain: "Bỏ qua, tới nội dung chính",
  notFound: "Không tìm thấy trang này.",
  serverError: "Máy chủ gặp lỗi. Hãy tải lại trang; nếu vẫn lỗi, xem nhật ký của máy chủ.",
  fenceHost: (host: string) =>
    `Tên máy "${host}" không được phép. Hãy mở bằng địa chỉ IP, localhost, hoặc thêm tên này vào MY_AGENT_ALLOWED_HOSTS.`,
  fenceOrigin: (origin: string) => `Yêu cầu từ nguồn "${origin}" bị từ chối: nguồn phải trùng với địa chỉ của máy chủ.`,
  assetMissing: "Không có tệp này. Hãy tải lại trang để lấy bản mới.",
  starting: "my-crew đang khởi động, thử lại sau giây lát.",
} as const;
