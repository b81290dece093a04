// Reading a JSON body for a handler: not JSON → 400, too large → 413, wrong shape → 422, each with a
// sentence naming the field. Handlers stay guard clauses: `if (!b.ok) return b.response`.
import type { Context } from "hono";
import type { z } from "zod";
import { T } from "../texts/vi.ts";

/** Bodies above this are refused before parsing; message texts have their own, smaller limit. */
export const MAX_BODY_BYTES = 1_000_000;
export const MAX_TEXT_CHARS = 100_000;

export type Body<T> = { ok: true; value: T } | { ok: false; response: Response };

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<Body<z.output<S>>> {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return fail(c, 413, T.tooLarge);
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return fail(c, 400, T.badJson);
  }
  if (text.length > MAX_BODY_BYTES) return fail(c, 413, T.tooLarge);
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return fail(c, 400, T.badJson);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  if (issue.code === "too_big" && issue.path[0] === "text") return fail(c, 413, T.tooLarge);
  const field = issue.code === "unrecognized_keys" ? issue.keys[0]! : issue.path.join(".") || "body";
  return fail(c, 422, T.badField(field, issue.message));
}

export function fail(c: Context, status: 400 | 404 | 409 | 413 | 422 | 429, detail: string): { ok: false; response: Response } {
  return { ok: false, response: c.json({ detail }, status) };
}
