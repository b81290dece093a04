// Reading a JSON body for a handler: not JSON → 400, wrong shape → 422, a text over its limit → 413,
// each with a sentence naming the field. The byte limit itself is enforced earlier (body-cap.ts).
// Handlers stay guard clauses: `if (!b.ok) return b.response`.
import type { Context } from "hono";
import type { z } from "zod";
import { T } from "../texts/vi.ts";

/** Bodies above this are refused before they are read (body-cap.ts); texts have their own limit. */
export const MAX_BODY_BYTES = 1_000_000;
export const MAX_TEXT_CHARS = 100_000;

export type Body<T> = { ok: true; value: T } | { ok: false; response: Response };

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<Body<z.output<S>>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return fail(c, 400, T.badJson);
  }
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

export function fail(
  c: Context,
  status: 400 | 404 | 409 | 413 | 422 | 429,
  detail: string,
): { ok: false; response: Response } {
  return { ok: false, response: c.json({ detail }, status) };
}
