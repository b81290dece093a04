// Reading a /v1/chat/completions body: the fields the door uses are checked (400 naming the field, in
// OpenAI's shape); every other OpenAI field is accepted and ignored (docs/openai-api.md lists them).
import type { Context } from "hono";
import { z } from "zod";
import { TO } from "../texts/vi-openai.ts";
import { T } from "../texts/vi.ts";
import { MAX_TEXT_CHARS } from "./body.ts";
import { openAiError } from "./openai-error.ts";

/** What a `user` may be: it becomes the channel `openai:<user>`. */
const USER = /^[A-Za-z0-9_.@-]+$/;

const part = z.looseObject({ type: z.string(), text: z.string().optional() });
const message = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(part)]).nullish(),
});
const chatBody = z.looseObject({
  model: z.string().min(1).max(64),
  messages: z.array(message).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  user: z.string().min(1).max(100).regex(USER, { error: TO.userChars }).nullish(),
});

export type ChatRequest = { model: string; text: string; stream: boolean; includeUsage: boolean; user?: string };

export type ChatBody = { ok: true; value: ChatRequest } | { ok: false; response: Response };

export async function readChat(c: Context): Promise<ChatBody> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    return bad(c, T.badJson, null);
  }
  const parsed = chatBody.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = fieldName(issue.path);
    return bad(c, T.badField(field, issue.message), field);
  }
  const v = parsed.data;
  // Only the last user message is sent: the crew keeps the conversation's history itself.
  const at = v.messages.findLastIndex((m) => m.role === "user");
  if (at < 0) return bad(c, TO.noUserMessage, "messages");
  const content = v.messages[at]!.content;
  const text = (typeof content === "string" ? content : textParts(content ?? [])).trim();
  const field = `messages[${at}].content`;
  if (!text) return bad(c, TO.emptyUserMessage, field);
  if (text.length > MAX_TEXT_CHARS) return bad(c, TO.textTooLong(MAX_TEXT_CHARS), field);
  const includeUsage = v.stream_options?.include_usage === true;
  const user = v.user ?? undefined;
  return { ok: true, value: { model: v.model, text, stream: v.stream === true, includeUsage, user } };
}

/** The text parts of a content array, one per line; images and other parts are not read. */
function textParts(parts: { type: string; text?: string }[]): string {
  return parts.filter((p) => p.type === "text" && p.text).map((p) => p.text).join("\n");
}

/** `messages[0].role`, as a person reading the error would write it. */
function fieldName(path: PropertyKey[]): string {
  if (path.length === 0) return "body";
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i > 0 ? "." : ""}${String(k)}`)).join("");
}

function bad(c: Context, message: string, param: string | null): { ok: false; response: Response } {
  return { ok: false, response: openAiError(c, 400, message, { param }) };
}
