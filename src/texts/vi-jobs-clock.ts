// Vietnamese sentences of the scheduler's refusals (run now, pause, delete): one sentence the owner can act on.
export const TJobsClock = {
  unknownJob: (id: string) =>
    `Không có việc định kỳ "${id}". Có thể nó vừa bị xoá; hãy tải lại trang.`,
  disabledRow: (id: string) =>
    `Việc "${id}" đang tắt trong agent.yaml (enabled: false); hãy bật nó trong hồ sơ agent rồi lưu.`,
  orphan: (id: string) =>
    `Agent của việc "${id}" không còn trong đội, nên việc này không chạy được; ` +
    "bạn có thể xoá nó.",
  notYet: (id: string) =>
    `Việc "${id}" là loại memory_consolidate, phiên bản my-crew này chưa chạy được.`,
  running: (id: string) => `Việc "${id}" đang chạy; hãy đợi lần chạy này xong rồi thử lại.`,
  profileDelete: (id: string) =>
    `Việc "${id}" là một dòng trong agent.yaml; muốn bỏ nó, hãy lưu agent mà không còn dòng đó.`,
};
