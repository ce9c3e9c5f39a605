import { dayIn, zoneOffset } from '@tessera/core/zone';
import { addDays } from '../analytics/index.js';

/** A stretch of time, both ends included (epoch ms). */
export interface Period {
  readonly from: number;
  readonly to: number;
}

/**
 * The instant a calendar day starts in a time zone (its local midnight). The zone's offset at UTC
 * midnight is a first guess; its offset at that guess settles a change of offset (daylight saving)
 * between the two. Where midnight itself is skipped, the day starts at the first instant after.
 */
export function startOfDay(zone: string, day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - (zoneOffset(zone, utcMidnight) ?? 0);
  return utcMidnight - (zoneOffset(zone, guess) ?? 0);
}

/**
 * The home page's periods in the site's time zone: today so far and this week so far (weeks start
 * on Monday, as ISO 8601 has them), each beside the same stretch of the week before: the same
 * weekday last week from its midnight for as long as today has run, and last week from its Monday
 * for as long as this week has.
 */
export function salesPeriods(zone: string, now: number): { today: Period; todayBefore: Period; week: Period; weekBefore: Period } {
  const today = dayIn(zone, now);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const todayStart = startOfDay(zone, today);
  const weekStart = startOfDay(zone, addDays(today, -sinceMonday));
  const todayBeforeStart = startOfDay(zone, addDays(today, -7));
  const weekBeforeStart = startOfDay(zone, addDays(today, -sinceMonday - 7));
  return {
    today: { from: todayStart, to: now },
    todayBefore: { from: todayBeforeStart, to: todayBeforeStart + (now - todayStart) },
    week: { from: weekStart, to: now },
    weekBefore: { from: weekBeforeStart, to: weekBeforeStart + (now - weekStart) },
  };
}
