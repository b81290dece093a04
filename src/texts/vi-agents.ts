// Vietnamese sentences of the agents API (profiles, templates, save, reload): one sentence a person can
// act on per refusal. File paths and keys inside them come from config/load.ts and stay as written.
export const T_AGENTS = {
  unknownTemplate: (name: string, known: string[]) =>
    `Không có mẫu "${name}". Các mẫu có sẵn: ${known.join(", ")}.`,
  exists: (id: string) => `Đã có agent "${id}" trong đội; chọn id khác hoặc sửa agent đó.`,
  badId: (id: string) =>
    `Id "${id}" không dùng được: cần 1–40 chữ thường, số, - hoặc _, bắt đầu bằng chữ ` +
    "hoặc số, " +
    `và không phải "default".`,
  workspaceNotAbsolute: (path: string) => `Workspace "${path}" phải là đường dẫn tuyệt đối.`,
  workspaceMissing: (path: string) => `Workspace "${path}" không phải một thư mục có sẵn.`,
  workspaceHoldsHome: (path: string) =>
    `Workspace "${path}" chứa thư mục home của my-crew; chọn thư mục repository.`,
  invalidProfile: (why: string) => `Không lưu: ${why}`,
  telegramMasterOnly: (file: string) =>
    `Không lưu: ${file}: key "telegram" chỉ đặt được trên agent default (master).`,
  masterBroken: (why: string) =>
    `Không đọc lại được đội vì agent.yaml của master lỗi: ${why}. Đội đang chạy được ` +
    "giữ nguyên.",
};
