// The Telegram Bot API as my-crew uses it: the wire shapes of the updates we read, the client interface
// (api.ts implements it; tests point it at test/helpers/telegram-fake.ts through TELEGRAM_BASE_URL), and
// the error every failed call raises, already redacted (L-85).

export type TgUser = { id: number; is_bot?: boolean; first_name?: string; username?: string };
export type TgChat = { id: number; type: string; title?: string };
export type TgPhotoSize = { file_id: string; width: number; height: number; file_size?: number };
export type TgDocument = { file_id: string; file_name?: string; mime_type?: string; file_size?: number };
export type TgVoice = { file_id: string; duration: number; mime_type?: string; file_size?: number };
export type TgAudio = TgVoice & { file_name?: string };

export type TgMessage = {
  message_id: number;
  date: number;
  chat: TgChat;
  from?: TgUser;
  text?: string;
  caption?: string;
  media_group_id?: string;
  photo?: TgPhotoSize[];
  document?: TgDocument;
  voice?: TgVoice;
  audio?: TgAudio;
};

export type TgUpdate = { update_id: number; message?: TgMessage };
export type TgFile = { file_id: string; file_size?: number; file_path?: string };

/** Per-call limits (L-80): 120 s by default, 35 s for the long poll, 60 s for uploads from memory. */
export const TIMEOUTS = { defaultMs: 120_000, pollMs: 35_000, memoryUploadMs: 60_000 } as const;

export type CallOptions = { timeoutMs?: number; signal?: AbortSignal };

/** A file to upload with sendPhoto/sendDocument, read into memory. */
export type Upload = { field: "photo" | "document"; name: string; data: Uint8Array<ArrayBuffer>; mime?: string };

export interface BotApi {
  /** A JSON method call; resolves with `result`, rejects with a TelegramError. */
  call<T>(method: string, params?: Record<string, unknown>, opts?: CallOptions): Promise<T>;
  /** A multipart call carrying one file (sendPhoto, sendDocument). */
  upload<T>(method: string, params: Record<string, string | number>, file: Upload, opts?: CallOptions): Promise<T>;
  /** The bytes of a file `getFile` returned a `file_path` for. */
  download(filePath: string, opts?: CallOptions): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * A failed call. `status` is the HTTP status (0 when no answer came: network, timeout); `description` is
 * Telegram's words or the network error's, with the token replaced by `<token>`.
 */
export class TelegramError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    readonly description: string,
    readonly retryAfterS?: number,
  ) {
    super(`telegram ${method}: ${status ? `${status} ` : ""}${description}`);
    this.name = "TelegramError";
  }

  /** HTTP 409: another process polls the same bot (L-79). */
  get conflict(): boolean {
    return this.status === 409;
  }
}

/**
 * One unit of work the poller hands over: a single message, or the messages of one album in order (L-41).
 * `handled()` records every update id of it as handled (★ exactly once); call it inside the transaction
 * that accepts the message (send's `mark`), or on its own once a reply that stores nothing was sent.
 */
export type Incoming = { updateIds: number[]; messages: TgMessage[]; handled(): void };

/** Resolves once the message is accepted (stored, queued or answered), never waiting for a turn (L-59). */
export type IncomingHandler = (incoming: Incoming) => Promise<void>;

/** What a media step gives the chat: the turn's text, or a reply for the owner and no turn (L-33, L-38). */
export type MediaOutcome = { text: string } | { reply: string };

/** Incoming media (media-in.ts, voice.ts), injected into the router. */
export type MediaIn = {
  /** Photos/documents of one message or album, saved into the master's inbox/ (L-31, L-41). */
  attachments(messages: TgMessage[]): Promise<MediaOutcome>;
  /** A voice note or audio file: checked, transcribed, the heard text sent back (L-34…L-40). */
  voice(message: TgMessage): Promise<MediaOutcome>;
};
