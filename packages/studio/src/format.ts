// Numbers, days and times as the owner reads them, in the site's language.

export function formatCount(language: string, n: number): string {
  return new Intl.NumberFormat(language).format(n);
}

/** A `YYYY-MM-DD` day, short ("Mar 7"); `long` adds the weekday and year. */
export function formatDay(language: string, day: string, long = false): string {
  const options: Intl.DateTimeFormatOptions = long
    ? { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }
    : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(Date.parse(`${day}T00:00:00Z`));
}

export function formatTime(language: string, epochMs: number, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(epochMs);
}

/** The day `n` days after (negative: before) a `YYYY-MM-DD` day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
