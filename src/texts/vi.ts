import { TConn } from "./vi-env";
import { TWatch } from "./vi-watch";
// Every Vietnamese string the server shows a person lives here (O-18); code uses the English keys.
export const T = {
  appName: "my-crew",
  conversations: "Cuộc trò chuyện",
  noConversations: "Chưa có cuộc trò chuyện nào.",
  newConversation: "Cuộc trò chuyện mới",
  manage: "Quản lý",
  menu: "Mở danh sách",
  skipToMain: "Bỏ qua, tới nội dung chính", notFound: "Không tìm thấy trang này.",
  errorTitle: (status: number) =>
    (status === 404 ? "Không tìm thấy" : status === 403 ? "Bị từ chối" : `Lỗi ${status}`),
  errorHome: "Về trang chính",
  storeBusy:
    "Cơ sở dữ liệu đang bị một chương trình khác khoá, nên chưa lưu được gì. Hãy thử " +
    "lại sau vài giây.",
  serverError: "Máy chủ gặp lỗi. Hãy tải lại trang; nếu vẫn lỗi, xem nhật ký của máy chủ.",
  fenceHost: (host: string) =>
    `Tên máy "${host}" không được phép. Hãy mở bằng địa chỉ IP, localhost, hoặc thêm tên ` +
    "này vào MY_AGENT_ALLOWED_HOSTS.",
  fenceOrigin: (origin: string) =>
    `Yêu cầu từ nguồn "${origin}" bị từ chối: nguồn phải trùng với địa chỉ của máy chủ.`,
  assetMissing: "Không có tệp này. Hãy tải lại trang để lấy bản mới.",
  turnStopped: "Đã dừng lượt này.",
  turnFailed:
    "Lượt này gặp lỗi nội bộ và đã dừng. Cuộc trò chuyện vẫn dùng tiếp được; chi " +
    "tiết nằm trong nhật ký máy chủ.",
  noRoutes:
    "Chưa cấu hình model nào. Vào Quản lý → Kết nối để thêm khoá và tuyến model " +
    "(MY_AGENT_ROUTES).",
  conversationNotFound: "Không tìm thấy cuộc trò chuyện này; có thể nó đã bị xoá.",
  agentNotFound: (id: string) => `Không có agent "${id}" trong đội.`,
  steerEmpty: "Lệnh /steer cần kèm nội dung, ví dụ: /steer dùng đơn vị mét.",
  waitingForDecision:
    "Cuộc trò chuyện đang chờ bạn duyệt hoặc trả lời một yêu cầu. Hãy quyết định yêu " +
    "cầu đó trước.",
  queueFull:
    "Hàng chờ của cuộc trò chuyện đã đủ 20 tin. Đợi lượt đang chạy xong hoặc bấm Dừng " +
    "rồi gửi lại.",
  runNotFound: "Không tìm thấy lần chạy này.", approvalNotFound: "Không tìm thấy yêu cầu duyệt này.",
  answerNeedsQuestion:
    "Yêu cầu này là yêu cầu duyệt, không phải câu hỏi: hãy gửi decision approve hoặc deny.",
  questionNeedsAnswer: "Yêu cầu này là câu hỏi: hãy gửi answer với câu trả lời.",
  alreadyDecided: "Yêu cầu này đã được quyết định rồi.",
  badJson: "Nội dung gửi lên phải là JSON hợp lệ.",
  badField: (field: string, why: string) => `Trường "${field}" không hợp lệ: ${why}`,
  tooLarge: "Nội dung gửi lên quá lớn.",
  tooLargeLimit: (kb: number) =>
    `Nội dung gửi lên quá lớn: tối đa ${kb} KB. Hãy gửi ít hơn hoặc chia thành nhiều lần.`,
  reservedSource: (s: string) =>
    `Nguồn "${s}" là tên kênh nội bộ của máy chủ; hãy chọn tên khác, ví dụ "api" hoặc ` +
    `"relay-nha".`,
  inboundQueued: "Tin nhắn đã được xếp hàng và sẽ được trả lời sau lượt đang chạy.",
  noticeApproval: "Lượt này đang chờ bạn duyệt một thao tác trên giao diện web.",
  noticeQuestion: "Lượt này đang chờ bạn trả lời một câu hỏi trên giao diện web.",
  noticeHalted: {
    budget: "Đã dừng: hết ngân sách chi tiêu của cuộc trò chuyện.",
    max_steps: "Đã dừng: vượt quá số bước cho phép của một lượt.",
    loop: "Đã dừng: agent lặp lại cùng một thao tác.",
  },
  noticeError: "Lượt này gặp lỗi và đã dừng.", redacted: "[đã che]",
  exportReviewReminder:
    "Bản xuất này đã che các khoá và token mà máy chủ biết, nhưng không che được mọi bí " +
    "mật (ví dụ thứ bạn tự gõ hoặc thứ agent đọc từ tệp). Hãy đọc lại trước khi " +
    "dán vào đâu đó.",
  today: "Hôm nay",
  yesterday: "Hôm qua",
  older: "Cũ hơn",
  searchPlaceholder: "Tìm cuộc trò chuyện",
  untitled: "Cuộc trò chuyện mới",
  welcomeSpeaker: (name: string) => `Chào bạn, mình là ${name}.`,
  welcomeCrew: (names: string) =>
    `Đội của mình: ${names}. Bạn chỉ cần nói với mình, mình sẽ giao việc cho người phù hợp.`,
  welcomeAlone: "Bạn cần gì cứ nói, mình sẽ làm hoặc hỏi lại khi cần bạn duyệt.",
  composerPlaceholder: "Nhắn cho agent… (Enter để gửi, Shift+Enter xuống dòng)",
  send: "Gửi",
  stop: "Dừng",
  thinking: "Agent đang suy nghĩ…",
  chipQueued: "Đã xếp hàng, chạy sau lượt này",
  chipSteer: "Sẽ chèn vào lượt đang chạy",
  toolOutput: "Kết quả",
  toolRunning: "đang chạy…",
  toolStatus: {
    done: "xong",
    error: "lỗi",
    denied: "bị từ chối",
    refused: "bị chặn",
    expired: "hết hạn",
    interrupted: "bị ngắt",
    forked: "không chạy ở nhánh",
    waiting: "chờ bạn duyệt",
  } as Record<string, string>,
  approvalTitle: (tool: string) => `Agent muốn chạy ${tool}`,
  approve: "Cho phép",
  deny: "Từ chối",
  alwaysAllow: "Luôn cho phép",
  showFull: "Xem đầy đủ",
  answer: "Trả lời",
  answerPlaceholder: "Câu trả lời của bạn…", deadlineIn: "Hết hạn sau",
  escalatedNotice: (to: string) => `Lượt này đã chuyển sang model mạnh hơn: ${to}.`,
  fallbackNotice: (from: string) => `Tuyến ${from} lỗi, đã chuyển sang tuyến dự phòng.`,
  budgetLocked: "Cuộc trò chuyện đã tiêu hết ngân sách. Nâng trần để tiếp tục.",
  raiseBy: (step: string) => `Nâng thêm ${step}`,
  setCap: "Đặt trần", noCap: "0 = không giới hạn",
  spentOf: (spent: string, cap: string) => `${spent} / ${cap}`,
  spentNoCap: (spent: string) => `${spent} · không giới hạn`,
  remaining: "Còn lại", delegatedShare: "Phần của các agent được giao việc",
  unknownCalls: (n: number) => `${n} lần gọi chưa rõ giá`,
  options: "Tuỳ chọn",
  autonomous: "Tự chủ (không hỏi trước khi dùng công cụ)",
  alwaysAllowed: "Công cụ luôn được phép",
  noneAllowed: "Chưa có công cụ nào.",
  revoke: "Thu hồi",
  crew: (n: number) => `Đội: ${n}`,
  activityTitle: "Hoạt động", noRunsYet: "Chưa có lượt nào.",
  stepsProgress: (done: number, total: number) => `${done}/${total} bước`,
  stepsCount: (n: number) => `${n} bước`,
  runStatus: {
    running: "đang chạy",
    waiting: "đang chờ bạn",
    done: "xong",
    halted: "đã dừng",
    error: "lỗi",
    interrupted: "bị ngắt",
    cancelled: "đã huỷ",
  } as Record<string, string>,
  summarySpend: "Chi phí",
  summarySteps: "Số bước",
  summaryDelegated: "Lượt được giao",
  summaryModel: "Model",
  exportMarkdown: "Tải Markdown",
  manageSoon: "Phần này sẽ có ở bản tiếp theo.",
  errorCardTitle: "Phần này gặp lỗi khi hiển thị.",
  reload: "Tải lại",
  fileMissingPath: "cần đường dẫn tệp trong workspace, ví dụ ?path=anh.png",
  fileOutside: "Đường dẫn này nằm ngoài workspace của agent nên không được phục vụ.",
  fileNotFound: "Không có tệp này trong workspace.",
  ...TWatch,
  conn: TConn,
  loginTitle: "Đăng nhập my-crew", loginButton: "Đăng nhập",
  loginHelp:
    "Máy chủ đang mở trên mạng LAN. Nhập MY_AGENT_PASSWORD, hoặc mã ghép nối in trong nhật ký " +
    "khi máy chủ khởi động.",
  loginRequired: "Cần đăng nhập: máy chủ đang mở trên mạng LAN. Mở /login trong trình duyệt.",
  inboundNeedsToken:
    "Máy chủ đang mở trên mạng LAN: hãy đặt MY_AGENT_INBOUND_TOKEN và gửi nó trong Authorization: " +
    "Bearer.",
  // The shell ask-list's reasons, shown verbatim on the approval card (D-08, D-14).
  shellAsk: {
    intro: "Lệnh này luôn cần bạn duyệt.",
    rmTree:
      "Nó xoá đệ quy từ /, một đường dẫn tuyệt đối, thư mục nhà, thư mục cha hoặc cả " +
      "thư mục hiện tại.",
    superuser: "Nó chạy lệnh với quyền quản trị (sudo, su, doas).",
    disk:
      "Nó ghi thẳng vào ổ đĩa hoặc định dạng hệ thống tệp (dd, mkfs, thiết bị khối), có " +
      "thể xoá dữ liệu ngoài workspace.",
    shutdown: "Nó tắt hoặc khởi động lại máy, làm dừng cả đội.",
    forcePush: "Nó đẩy git bằng --force, có thể ghi đè commit của người khác trên remote.",
    curlPipe: "Nó tải một script từ internet rồi chạy ngay mà không ai xem.",
    chmod: "Nó cho mọi người quyền ghi vào cả một cây thư mục (chmod -R 777).",
    etc: "Nó sửa cấu hình hệ thống trong /etc.",
    killAll: "Nó gửi tín hiệu tới mọi tiến trình với tới được (kill -1), kể cả chính đội.",
    forkBomb: "Đây là fork bomb: nó sinh tiến trình vô hạn tới khi máy treo.",
  },
  starting: "my-crew đang khởi động, thử lại sau giây lát.",
} as const;
