// Vietnamese strings of Manage → Chi phí beyond the ledger's column names (src/texts/vi.ts).
export const TCost = {
  emptyTitle: "Chưa có chi phí nào trong 30 ngày qua.",
  emptyBody:
    "Mỗi lần agent gọi model, chi phí được ghi theo ngày, theo agent, theo model và theo mục đích " +
    "ở đây.",
} as const;
