// A schedule in Vietnamese words (M-45): the common five-field cron shapes (fixed, lists, ranges, steps,
// weekdays, days of the month) and `every` values. Anything else reads as null: the page then shows only
// the raw text, which is never hidden anyway.
import { listWords, T_CRON } from "../../src/texts/vi-jobs-page.ts";

/** One cron field: every value, a step from a start (up to an end), or an explicit set in order. */
type Field =
  | { kind: "any" }
  | { kind: "step"; step: number; from: number; to: number | null }
  | { kind: "range"; from: number; to: number }
  | { kind: "list"; values: number[] };

const LIMITS: [number, number][] = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];
const pad = (n: number) => String(n).padStart(2, "0");
const clock = (h: number, m: number) => `${pad(h)}:${pad(m)}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The last value a step from `from` reaches within `to`. */
const lastOf = (from: number, to: number, step: number) => from + Math.floor((to - from) / step) * step;

export function everyWords(every: string): string | null {
  const m = /^(\d+)\s*([smhd])$/.exec(every.trim());
  if (!m || Number(m[1]) < 1) return null;
  return capital(T_CRON.everyUnit(Number(m[1]), T_CRON.every[m[2]!]!));
}

export function cronWords(expr: string): string | null {
  const text = expr.trim().toLowerCase();
  if (text.startsWith("@")) return T_CRON.nicknames[text] ?? null;
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return null;
  const fields = parts.map((p, i) => parseField(p, LIMITS[i]!));
  if (fields.some((f) => f === null)) return null;
  const [minute, hour, dom, month, dow] = fields as Field[];
  const day = dayWords(dom!, month!, dow!);
  if (day === null) return null;
  const times = fixedTimes(minute!, hour!);
  if (times) return capital(`${day || T_CRON.everyDay} ${T_CRON.at(listWords(times))}`);
  const often = withinDay(minute!, hour!);
  if (!often) return null;
  return capital(day ? `${often}, ${day}` : often);
}

function parseField(text: string, [min, max]: [number, number]): Field | null {
  const num = (s: string) => (/^\d+$/.test(s) && Number(s) >= min && Number(s) <= max ? Number(s) : null);
  if (text === "*") return { kind: "any" };
  const step = /^(\*|\d+|\d+-\d+)\/(\d+)$/.exec(text);
  if (step) {
    const n = Number(step[2]);
    if (n < 1) return null;
    if (step[1] === "*") return { kind: "step", step: n, from: min, to: null };
    const [a, b] = step[1]!.split("-").map(num);
    if (a === null || a === undefined || b === null || (b !== undefined && b < a)) return null;
    return { kind: "step", step: n, from: a, to: b ?? null };
  }
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) {
    const [a, b] = [num(range[1]!), num(range[2]!)];
    return a === null || b === null || b <= a ? null : { kind: "range", from: a, to: b };
  }
  const values = text.split(",").map(num);
  if (values.some((v) => v === null)) return null;
  return { kind: "list", values: [...new Set(values as number[])].sort((x, y) => x - y) };
}

/** Times of day ("07:00", "19:00") when both minute and hour are fixed (a few times a day at most). */
function fixedTimes(minute: Field, hour: Field): string[] | null {
  if (minute.kind !== "list" || hour.kind !== "list" || minute.values.length * hour.values.length > 6) return null;
  return hour.values.flatMap((h) => minute.values.map((m) => clock(h, m)));
}

/** Several runs within a day: every minute, every n minutes, every hour or n hours, within hours. */
function withinDay(minute: Field, hour: Field): string | null {
  const minutes = minute.kind === "list" ? listWords(minute.values.map(pad)) : null;
  if (hour.kind === "any") {
    if (minute.kind === "any") return T_CRON.everyMinute;
    if (minute.kind === "step" && minute.from === 0 && minute.to === null) return T_CRON.everyMinutes(minute.step);
    return minutes ? T_CRON.everyHourAt(minutes) : null;
  }
  if (hour.kind === "step" && minute.kind === "list" && minutes) {
    const every = T_CRON.everyHoursAt(hour.step, minutes);
    if (hour.from === 0 && hour.to === null) return every;
    const last = lastOf(hour.from, hour.to ?? 23, hour.step);
    return `${every}, ${T_CRON.between(clock(hour.from, minute.values[0]!), clock(last, minute.values.at(-1)!))}`;
  }
  const span = hour.kind === "range" ? [hour.from, hour.to] : hour.kind === "list" && hour.values.length === 1
    ? [hour.values[0]!, hour.values[0]!] : null;
  if (!span) return null;
  const [from, to] = span as [number, number];
  const firstAndLast = (ms: number[]) => T_CRON.between(clock(from, ms[0]!), clock(to, ms.at(-1)!));
  if (minute.kind === "any") return `${T_CRON.everyMinute}, ${firstAndLast([0, 59])}`;
  if (minute.kind === "step" && minute.to === null) {
    const ms = [minute.from, lastOf(minute.from, 59, minute.step)];
    return `${T_CRON.everyMinutes(minute.step)}, ${firstAndLast(ms)}`;
  }
  if (minute.kind === "list" && minutes && hour.kind === "range") {
    return `${T_CRON.everyHourAt(minutes)}, ${firstAndLast(minute.values)}`;
  }
  return null;
}

/** "" for every day; the weekdays, or days of the month, and the months; null when not a common shape. */
function dayWords(dom: Field, month: Field, dow: Field): string | null {
  const months = month.kind === "any" ? "" : monthWords(month);
  if (months === null) return null;
  if (dom.kind !== "any" && dow.kind !== "any") return null;
  if (dow.kind !== "any") {
    const days = weekdayWords(dow);
    return days === null ? null : months ? `${days}, ${months}` : days;
  }
  if (dom.kind === "any") return months ? `${T_CRON.everyDay}, ${months}` : "";
  const days = dom.kind === "list" ? T_CRON.monthDays(listWords(dom.values.map(String)))
    : dom.kind === "range" ? T_CRON.monthDayRange(dom.from, dom.to) : null;
  if (days === null) return null;
  return `${days} ${months || T_CRON.monthly}`;
}

function weekdayWords(dow: Field): string | null {
  const name = (d: number) => T_CRON.weekdays[d]!;
  if (dow.kind === "range") return T_CRON.weekdayRange(name(dow.from), name(dow.to));
  if (dow.kind === "list") return listWords([...new Set(dow.values.map((d) => d % 7))].map(name));
  return null;
}

function monthWords(month: Field): string | null {
  if (month.kind === "list") return T_CRON.months(listWords(month.values.map(String)));
  if (month.kind === "range") return T_CRON.monthRange(month.from, month.to);
  return null;
}
