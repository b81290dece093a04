// Headings of the per-turn memory block (G-05, G-10), which the model reads before an opening message.
// The section that carries the previous conversation's summary is named "Cuộc trước" by the spec.

export const T_BLOCKS = {
  ownerNotes: "Ghi chú về người dùng",
  agentNotes: "Ghi chú của bạn",
  yesterday: "hôm qua",
  today: "hôm nay",
  previous: "Cuộc trước",
};
