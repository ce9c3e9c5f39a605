const MS_PER_DAY = 86_400_000;
/** Julian day of the Unix epoch, 1970-01-01T00:00:00Z. */
const JD_UNIX_EPOCH = 2_440_587.5;

/** Julian day 0: noon of January 1, 4713 BC (proleptic Julian calendar). */
export const JULIAN_DAY_MIN = 0;
/** The last instant of December 31, 8652 AD (UTC). */
export const JULIAN_DAY_MAX = (Date.UTC(8653, 0, 1) - 1) / MS_PER_DAY + JD_UNIX_EPOCH;

export const JULIAN_DAY_RANGE_ERROR = 'Julian day out of range: dates must fall between 4713 BC and 8652 AD';

function check(jd: number): number {
  if (!Number.isFinite(jd) || jd < JULIAN_DAY_MIN || jd > JULIAN_DAY_MAX) throw new RangeError(JULIAN_DAY_RANGE_ERROR);
  return jd;
}

/** The (fractional) Julian day of an instant; throws outside 4713 BC .. 8652 AD. */
export function toJulianDay(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return check(ms / MS_PER_DAY + JD_UNIX_EPOCH);
}

/** The instant (epoch milliseconds) of a Julian day; throws outside 4713 BC .. 8652 AD. */
export function fromJulianDay(jd: number): number {
  return Math.round((check(jd) - JD_UNIX_EPOCH) * MS_PER_DAY);
}
