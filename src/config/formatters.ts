// One shared Intl.DateTimeFormat per (locale, options): building a formatter costs far more than using one,
// and the per-turn paths (the prompt's date line, the owner's calendar, job notices) reuse the same few.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `locale` and `options` (time zone included), built on first use; throws like the constructor. */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}
