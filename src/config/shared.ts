// Small zod building blocks shared by the config.yaml and agent.yaml schemas.
import { Cron } from "croner";
import { z } from "zod";

const NAME_ERROR = "must be the NAME of an environment variable (A-Z, 0-9, _), not a secret value";

/** An environment variable *name*; secret values never live in YAML (N-07). */
export const envName = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]*$/, { error: NAME_ERROR })
  .refine((v) => !looksLikeKey(v), { error: NAME_ERROR });

/**
 * Some keys are upper-case letters and digits too (an AWS access key id): a long run of both without a
 * single underscore is read as a pasted key, not a name. Real names separate their words with `_`.
 */
function looksLikeKey(v: string): boolean {
  return v.length >= 20 && !v.includes("_") && /[0-9]/.test(v) && /[A-Z]/.test(v);
}

/** One `provider:model` route. */
export const route = z.string().regex(/^[a-z][a-z0-9_-]*:\S+$/, {
  error: "must be a route written provider:model, e.g. openai:gpt-4.1-mini",
});

/** Routes as a comma-separated string or a list, normalised to a list. */
export const routes = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(route));

export const ianaZone = z.string().refine(isTimeZone, { error: "must be an IANA time zone such as Asia/Ho_Chi_Minh" });

export const cronExpr = z.string().refine(isCron, { error: "must be a five-field cron expression, e.g. 0 7 * * *" });

/** An `every` interval: a count above zero and a unit (seconds, minutes, hours, days); 0m would never run. */
export const everyValue = z.string().regex(/^0*[1-9]\d*[smhd]$/, { error: "must look like 30m, 2h or 1d" });

export const ttlSeconds = z.number().int().min(10).max(7 * 24 * 3600);

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

function isCron(expr: string): boolean {
  if (expr.trim().split(/\s+/).length !== 5) return false;
  try {
    new Cron(expr, { paused: true });
    return true;
  } catch {
    return false;
  }
}
