// Turns of the chat cut by a restart (L-82, L-83, C-15): the boot hands the cut run to this reader, which
// continues it and reads it back to the same chat. The reply is rebuilt from everything the run wrote,
// before and after the cut; the outbox skips what the owner already received before it paused.
import type { Run } from "../store/runs.ts";
import type { TurnHost } from "../turns/host.ts";
import type { CutTurnReader } from "../turns/resume.ts";
import { TELEGRAM_SOURCE, type TelegramChat } from "./chat.ts";

export class TelegramCutReader implements CutTurnReader {
  /** `chat`: the running bot's chat, null when no bot runs (then no turn is resumed, L-83). */
  constructor(private readonly host: TurnHost, private readonly chat: () => TelegramChat | null) {}

  reads = (source: string): boolean => source === TELEGRAM_SOURCE && this.chat() !== null;

  resume(run: Run, opts: { cut: boolean }): void {
    const turn = this.host.start(run.conversationId!, {
      source: run.source, continueRunId: run.id, resume: opts.cut, reader: "telegram",
    });
    this.chat()?.read(turn);
  }
}
