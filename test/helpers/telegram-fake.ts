// A local fake of the Telegram Bot API (guide/testing.md) on 127.0.0.1, strict where Telegram is strict:
// getUpdates honours offset (every update below it is confirmed and gone for good) and timeout (a real long
// poll, answered as soon as an update arrives), a wrong token gets 401, a second concurrent getUpdates
// gets 409. It implements getMe, getUpdates, sendMessage, sendChatAction, setMyCommands, sendPhoto,
// sendDocument, getFile and file downloads, and records every call. Point the server at it with
// TELEGRAM_BASE_URL=<fake.url>. Waiting is event-driven (`next`), never by sleeping.
import type { TgMessage, TgUpdate } from "../../src/telegram/types.ts";
import { json, ok, readBody, type FakeUpload } from "./telegram-wire.ts";

export type FakeCall = { method: string; params: Record<string, unknown>; files: FakeUpload[] };
export type { FakeUpload };
type Failure = { status: number; description: string; times: number };

export const FAKE_TOKEN = "123456:TEST-token-aaaaBBBBccccDDDDeeee";
export const FAKE_BOT_ID = 123456;

export class TelegramFake {
  readonly calls: FakeCall[] = [];
  /** Updates not yet confirmed by an offset. */
  private pending: TgUpdate[] = [];
  private nextUpdateId = 1000;
  private nextMessageId = 1;
  private files = new Map<string, { path: string; bytes: Uint8Array<ArrayBuffer> }>();
  private failures = new Map<string, Failure>();
  private pollers = 0;
  private waiters: (() => void)[] = [];
  private server: ReturnType<typeof Bun.serve>;
  /** getUpdates answers 409 while set, as when another process polls the bot. */
  conflict = false;
  /** sendPhoto refuses every photo (Telegram's "PHOTO_INVALID_DIMENSIONS" and the like). */
  refusePhotos = false;

  constructor(readonly token = FAKE_TOKEN, readonly chatId = 42) {
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 60, fetch: (r) => this.handle(r) });
  }

  get url(): string {
    return `http://127.0.0.1:${this.server.port}`;
  }

  /** Queues an update carrying `message` (chat and date filled in); returns its update_id. */
  push(message: Partial<TgMessage>): number {
    const update_id = this.nextUpdateId++;
    const chat = message.chat ?? { id: this.chatId, type: "private" };
    const full = { message_id: this.nextMessageId++, date: Math.floor(Date.now() / 1000), ...message, chat };
    this.pending.push({ update_id, message: full as TgMessage });
    this.wake();
    return update_id;
  }

  /** A text message from the owner's chat. */
  text(text: string, chatId = this.chatId): number {
    return this.push({ text, chat: { id: chatId, type: "private" }, from: { id: chatId, first_name: "Owner" } });
  }

  /** Registers a downloadable file; returns its file_id. */
  addFile(bytes: Uint8Array<ArrayBuffer>, path = `files/f${this.files.size}.bin`): string {
    const id = `file-${this.files.size + 1}`;
    this.files.set(id, { path, bytes });
    return id;
  }

  /** The next `times` calls of `method` fail with `status` and `description`. */
  fail(method: string, status: number, description: string, times = 1): void {
    this.failures.set(method, { status, description, times });
  }

  /** Calls of `method`, in order. */
  of(method: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Texts sent with sendMessage, in order. */
  get sent(): string[] {
    return this.of("sendMessage").map((c) => String(c.params.text));
  }

  /** The highest offset the bot has confirmed (every update below it is gone). */
  confirmedBelow = 0;

  /** Resolves with the first call (already made or future) for which `match` holds. */
  async next(match: (c: FakeCall) => boolean, timeoutMs = 30_000): Promise<FakeCall> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.calls.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`telegram fake: no matching call within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
  }

  /** Resolves once `n` messages have been sent with sendMessage. */
  async sentCount(n: number, timeoutMs = 30_000): Promise<string[]> {
    await this.next(() => this.of("sendMessage").length >= n, timeoutMs);
    return this.sent;
  }

  stop(): void {
    this.server.stop(true);
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const file = url.pathname.match(/^\/file\/bot([^/]+)\/(.+)$/);
    if (file) return this.download(file[1]!, file[2]!);
    const m = url.pathname.match(/^\/bot([^/]+)\/(\w+)$/);
    if (!m) return json(404, { ok: false, error_code: 404, description: "Not Found" });
    if (m[1] !== this.token) return json(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = m[2]!;
    const { params, files } = await readBody(req);
    const call = { method, params, files };
    const failure = this.failures.get(method);
    if (failure && failure.times > 0) {
      failure.times--;
      this.record(call);
      return json(failure.status, { ok: false, error_code: failure.status, description: failure.description });
    }
    if (method === "getUpdates") return this.getUpdates(call, req.signal);
    this.record(call);
    return this.answer(method, params);
  }

  private record(call: FakeCall): void {
    this.calls.push(call);
    this.wake();
  }

  private answer(method: string, params: Record<string, unknown>): Response {
    const chat = { id: Number(params.chat_id ?? this.chatId), type: "private" };
    const message = () => ({ message_id: this.nextMessageId++, date: Math.floor(Date.now() / 1000), chat });
    switch (method) {
      case "getMe":
        return ok({ id: FAKE_BOT_ID, is_bot: true, first_name: "Crew", username: "crew_test_bot" });
      case "sendMessage":
        return ok({ ...message(), text: params.text });
      case "sendPhoto":
        if (this.refusePhotos) return json(400, { ok: false, error_code: 400, description: "Bad Request: PHOTO_INVALID" });
        return ok(message());
      case "sendDocument":
        return ok(message());
      case "sendChatAction":
      case "setMyCommands":
        return ok(true);
      case "getFile": {
        const f = this.files.get(String(params.file_id));
        if (!f) return json(400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
        return ok({ file_id: params.file_id, file_size: f.bytes.length, file_path: f.path });
      }
      default:
        return json(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
  }

  private async getUpdates(call: FakeCall, signal: AbortSignal): Promise<Response> {
    if (this.conflict) {
      this.record(call);
      const description = "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running";
      return json(409, { ok: false, error_code: 409, description });
    }
    this.pollers++;
    try {
      this.record(call);
      if (this.pollers > 1) return json(409, { ok: false, error_code: 409, description: "Conflict: terminated by other getUpdates request" });
      const offset = Number(call.params.offset ?? 0);
      if (offset > 0) {
        this.pending = this.pending.filter((u) => u.update_id >= offset);
        this.confirmedBelow = Math.max(this.confirmedBelow, offset);
      }
      const limit = Number(call.params.limit ?? 100);
      const deadline = Date.now() + Number(call.params.timeout ?? 0) * 1000;
      while (this.pending.length === 0 && Date.now() < deadline && !signal.aborted) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          this.waiters.push(() => (clearTimeout(t), resolve()));
          signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
        });
      }
      return ok(this.pending.slice(0, limit));
    } finally {
      this.pollers--;
    }
  }

  private download(token: string, path: string): Response {
    if (token !== this.token) return new Response("Unauthorized", { status: 401 });
    const f = [...this.files.values()].find((x) => x.path === path);
    return f ? new Response(f.bytes) : new Response("Not Found", { status: 404 });
  }
}
