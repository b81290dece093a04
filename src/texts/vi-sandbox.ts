// Vietnamese strings of the shell sandbox line in Manage → settings (issue 9).
export const TS = {
  title: "Sandbox cho lệnh shell",
  on:
    "Lệnh shell của agent chạy trong sandbox bubblewrap: chỉ ghi được trong workspace, không thấy " +
    "tệp env, " +
    "cơ sở dữ liệu, thư mục của agent khác hay tiến trình của máy chủ.",
  missing:
    "Máy này chưa cài bubblewrap (bwrap), nên lệnh shell của agent chạy không có sandbox: một " +
    "lệnh đã duyệt " +
    "đọc được tệp env, cơ sở dữ liệu và thư mục của agent khác. Cài gói bubblewrap rồi " +
    "khởi động lại my-crew.",
  unusable:
    "bubblewrap đã được cài nhưng không tạo được sandbox trên máy này (thường do user " +
    "namespace bị tắt), " +
    "nên lệnh shell chạy không có sandbox. Chi tiết:",
};
