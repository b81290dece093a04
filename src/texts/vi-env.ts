// Vietnamese strings of the Kết nối page (the env file's keys, tokens and routes); T.conn.
export const TConn = {
  intro:
    "Khoá và token được lưu trong tệp env của máy chủ. Giá trị bí mật không bao giờ hiển " +
    "thị lại, chỉ biết đã đặt hay chưa.",
  groups: {
    models: "Model",
    channels: "Kênh",
    search: "Tìm kiếm web",
    other: "Máy chủ",
  } as Record<string, string>,
  desc: {
    apiKey: "Khoá API của nhà cung cấp.",
    baseUrl: "Địa chỉ API, chỉ đặt khi muốn thay địa chỉ mặc định.",
    keylessUrl: "Địa chỉ máy chủ model chạy tại nhà (không cần khoá).",
    routes:
      "Tuyến model dùng chung, cách nhau bởi dấu phẩy, ví dụ " +
      "openai:gpt-4.1-mini,anthropic:claude-sonnet-4-5.",
    telegramToken: "Token của bot Telegram (lấy từ @BotFather).",
    telegramBase: "Địa chỉ API Telegram, chỉ đặt khi dùng máy chủ trung gian.",
    searchKey: "Khoá Brave Search API cho công cụ tìm kiếm web. " +
      "Chưa đặt thì agent không có công cụ này.",
    searchUrl: "Địa chỉ API tìm kiếm, chỉ đặt khi dùng máy chủ trung gian.",
    allowedHosts: "Tên máy được phép mở giao diện, cách nhau bởi dấu phẩy.",
    timezone: "Múi giờ của bạn, ví dụ Asia/Ho_Chi_Minh.",
  } as Record<string, string>,
  set: "đã đặt",
  unset: "chưa đặt",
  restart: "áp dụng sau khi khởi động lại",
  newSecret: "Dán giá trị mới",
  save: "Lưu",
  remove: "Xoá",
  check: "Kiểm tra",
  add: "Thêm",
  name: "Tên biến",
  value: "Giá trị",
  confirmRemove: (name: string) => `Xoá ${name} khỏi tệp env?`,
  other: "Biến khác",
  otherHelp: "Biến môi trường khác mà skill cần. Giá trị không hiển thị lại.",
  noOther: "Chưa có biến nào khác.",
  problems: "Tuyến model chưa dùng được",
  noRoutes:
    "Chưa có tuyến model nào dùng được: đặt khoá của nhà cung cấp rồi đặt MY_AGENT_ROUTES.",
  saved: "Đã lưu. Đội agent đã được nạp lại với cấu hình mới.",
  noFile: "Máy chủ này không có tệp env để ghi.",
  noChanges: "Không có thay đổi nào để lưu.",
  badName:
    "Tên biến chỉ gồm chữ cái không dấu, chữ số và dấu _, không bắt đầu bằng chữ " +
    "số, ví dụ MY_TOKEN.",
  reserved: (name: string) => `${name} là biến của hệ thống, không đặt ở đây được.`,
  badValue: (name: string) =>
    `Giá trị của ${name} không được chứa xuống dòng hay ký tự NUL: hãy dán trên một dòng.`,
  emptyValue: (name: string) => `Giá trị của ${name} đang trống. Muốn bỏ biến này thì bấm Xoá.`,
  tooLong: (name: string, max: number) => `Giá trị của ${name} quá dài (tối đa ${max} ký tự).`,
  badUrl: (name: string) =>
    `${name} phải là địa chỉ http:// hoặc https:// không kèm tên đăng nhập, ví dụ ` +
    "http://127.0.0.1:11434/v1.",
  badTimezone: (name: string) => `${name} phải là múi giờ IANA, ví dụ Asia/Ho_Chi_Minh.`,
  badHosts: (name: string) =>
    `${name} là danh sách tên máy cách nhau bởi dấu phẩy, ví dụ nas.local,may-chu.lan.`,
  fileBroken: (where: string) => `Tệp env có dòng sai (${where}). Hãy sửa tệp bằng tay rồi lưu lại.`,
  badRoute: (route: string) =>
    `Tuyến "${route}" phải viết dạng provider:model, ví dụ openai:gpt-4.1-mini.`,
  unknownProvider: (route: string, provider: string, known: string) =>
    `Tuyến "${route}" dùng nhà cung cấp "${provider}" không có sẵn; các nhà cung cấp: ${known}.`,
  routeNeedsKey: (route: string, key: string) =>
    `Tuyến "${route}" cần khoá ${key}, mà ${key} chưa được đặt. Hãy đặt ${key} trước ` +
    "hoặc cùng lúc.",
  breaksRoute: (agent: string, route: string, key: string) =>
    `Không lưu: agent ${agent} đang dùng tuyến "${route}", tuyến này cần ${key}. Hãy đổi tuyến ` +
    `trước rồi mới xoá ${key}.`,
  noRouteLeft: (agent: string) =>
    `Không lưu: agent ${agent} sẽ không còn tuyến model nào. Hãy đặt tuyến khác cho ` +
    "MY_AGENT_ROUTES thay vì xoá.",
  noCheck: (name: string) => `${name} không có kiểm tra trực tiếp.`,
  checkNotSet: (name: string) => `${name} chưa được đặt.`,
  checkModels: (n: number) => `Dùng được: thấy ${n} model.`,
  checkBadAnswer: "Máy chủ trả lời không đúng định dạng mong đợi.",
  checkRejected: (status: number) => `Khoá bị từ chối (HTTP ${status}).`,
  checkHttp: (status: number) => `Máy chủ trả lỗi HTTP ${status}.`,
  checkUnreachable: (host: string) => `Không kết nối được tới ${host}.`,
  checkTimeout: (seconds: number) => `Quá ${seconds} giây không có phản hồi.`,
  checkBot: (username: string) => `Token dùng được: bot @${username}.`, checkBotNoName: "Token dùng được.",
  checkSearch: (n: number) => `Khoá dùng được: tìm thử thấy ${n} kết quả.`,
  checkQuota: "Khoá được nhận nhưng đang bị giới hạn lượt gọi hoặc hết hạn mức (HTTP 429).",
} as const;
