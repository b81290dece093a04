// Tolerant readers for provider JSON: wire data is untrusted, so every field is checked, never cast.

export type Json = Record<string, unknown>;

/** A JSON object, or undefined when the text is not one (never throws). */
export function parseJson(text: string): Json | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A finite number, or null for anything else (absent, null, a string). */
export function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}
