// The date formatters' one guard: dates are limited to the julian-day range, 4713 BC through 8652 AD
// (spec). An instant outside it writes nothing and reports the range error at the instruction, where
// the formatter would otherwise print a year the calendars do not hold.

import { JULIAN_DAY_RANGE_ERROR, toJulianDay } from '@tessera/core/format';
import type { Formatter, FormatterTable } from './types.js';

/** The formatters of the engine that read their value as an instant (epoch milliseconds). */
const DATE_FORMATTERS = ['date', 'datetime', 'datetimefield', 'relative-time', 'timesince', 'google-calendar-url'] as const;

/** Whether a value is an instant outside the range (values that are not numbers are left to the formatter). */
function outOfRange(value: unknown): boolean {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(ms)) return false;
  try {
    toJulianDay(ms);
    return false;
  } catch {
    return true;
  }
}

function guarded(formatter: Formatter): Formatter {
  return (value, args, ctx) => {
    if (!outOfRange(value)) return formatter(value, args, ctx);
    ctx.error(JULIAN_DAY_RANGE_ERROR);
    return '';
  };
}

/** The table with each date formatter it holds guarded by the range. */
export function withJulianRange(table: FormatterTable): FormatterTable {
  const out: Record<string, Formatter> = { ...table };
  for (const name of DATE_FORMATTERS) {
    const formatter = table[name];
    if (formatter) out[name] = guarded(formatter);
  }
  return out;
}
