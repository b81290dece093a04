// Vietnamese strings of schedule_create's approval card (D-13, D-14): the card is the one place a person
// reads the prompt before it runs unattended, so it is whole.
export const TScheduleCreate = {
  /** The approval card's reason for schedule_create: its timing and the full prompt, verbatim. */
  scheduleReason: (timing: string, name: string, prompt: string) =>
    `Tạo lịch chạy tự động${name ? ` “${name}”` : ""} ${timing}. ` +
    "Mỗi lần đến giờ, prompt sau sẽ chạy " +
    `mà không ai trông chừng:\n\n${prompt}`,
  everyTiming: (every: string) => `mỗi ${every}`,
  cronTiming: (cron: string) => `theo lịch cron “${cron}” (giờ của bạn)`,
} as const;
