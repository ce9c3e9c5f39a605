// A coupon's dates as the owner reads and types them: wall-clock time in the site's time zone (a
// `datetime-local` input's "2025-03-01T00:00"), stored as an ISO 8601 instant in UTC.
import { zoneOffset } from '@tessera/core/zone';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the site's wall-clock time, "YYYY-MM-DDTHH:mm"; "" for none or an unreadable one. */
export function toLocalInput(iso: unknown, zone: string): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) return '';
  const local = new Date(ms + (zoneOffset(zone, ms) ?? 0));
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * The instant of the site's wall-clock time "YYYY-MM-DDTHH:mm" (or a bare day, at midnight), as ISO
 * 8601 in UTC; null when it is not a time. The offset is the one in force at that instant: asked
 * once at a first guess, and again there, which settles it on both sides of a clock change.
 */
export function fromLocalInput(value: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  if (Number.isNaN(wall)) return null;
  const first = wall - (zoneOffset(zone, wall) ?? 0);
  const ms = wall - (zoneOffset(zone, first) ?? 0);
  return new Date(ms).toISOString();
}
