const INVALID_DATE = 'Invalid date.';

/** Within this many seconds a date is "just now" (platform.md section 9). */
export const JUST_NOW_SECONDS = 60;
export const DAYS_PER_MONTH = 30;
export const DAYS_PER_YEAR = 365;

/** Epoch milliseconds of a Date, a number or a numeric string; undefined for anything else. */
export function toEpochMs(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function ago(n: number, unit: string, article = 'a'): string {
  return n === 1 ? `about ${article} ${unit} ago` : `about ${n} ${unit}s ago`;
}

/**
 * Relative time: `just now` within 60 seconds (a date in the future counts as now), then
 * `about a minute ago` / `about 5 minutes ago`, hours, days, weeks (under 30 days), months of
 * 30 days (under 365 days) and years of 365 days. `Invalid date.` for anything but a date.
 */
export function relativeTime(date: unknown, now: unknown = Date.now()): string {
  const then = toEpochMs(date);
  const current = toEpochMs(now);
  if (then === undefined || current === undefined) return INVALID_DATE;
  const seconds = Math.floor((current - then) / 1000);
  if (seconds < JUST_NOW_SECONDS) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago(hours, 'hour', 'an');
  const days = Math.floor(hours / 24);
  if (days < 7) return ago(days, 'day');
  if (days < DAYS_PER_MONTH) return ago(Math.floor(days / 7), 'week');
  if (days < DAYS_PER_YEAR) return ago(Math.floor(days / DAYS_PER_MONTH), 'month');
  return ago(Math.floor(days / DAYS_PER_YEAR), 'year');
}

/**
 * A duration in milliseconds as m:ss (minutes are not carried into hours: 3725000 -> "62:05").
 * Fractions of a second are dropped; a negative duration gets a leading "-"; anything that is
 * not a number is "0:00".
 */
export function humanizeDuration(ms: unknown): string {
  const value = toEpochMs(ms) ?? 0;
  const total = Math.floor(Math.abs(value) / 1000);
  const text = `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  return value < 0 && total > 0 ? `-${text}` : text;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A calendar service's date format, YYYYMMDDTHHMMSSZ in UTC (seconds truncated). */
export function calendarDate(instant: unknown): string {
  const ms = toEpochMs(instant);
  if (ms === undefined) throw new RangeError(INVALID_DATE);
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

export interface CalendarEvent {
  readonly title?: string;
  readonly startDate: unknown;
  /** Defaults to the start. */
  readonly endDate?: unknown;
  readonly location?: {
    readonly addressLine1?: string;
    readonly addressLine2?: string;
    readonly addressCountry?: string;
  };
}

const GOOGLE_CALENDAR_EVENT_URL = 'http://www.google.com/calendar/event';

/**
 * The outbound event-creation link: title, start/end as YYYYMMDDTHHMMSSZ and, when the event
 * has one, its location (address lines and country joined by ", ").
 */
export function googleCalendarUrl(event: CalendarEvent): string {
  const start = calendarDate(event.startDate);
  const end = event.endDate === undefined || event.endDate === null ? start : calendarDate(event.endDate);
  let url = `${GOOGLE_CALENDAR_EVENT_URL}?action=TEMPLATE&text=${encodeURIComponent(event.title ?? '')}&dates=${start}/${end}`;
  const loc = event.location;
  const parts = [loc?.addressLine1, loc?.addressLine2, loc?.addressCountry].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (parts.length > 0) url += `&location=${encodeURIComponent(parts.join(', '))}`;
  return url;
}
