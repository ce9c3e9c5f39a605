// How the order page writes money (the order's currency, the site's language) and times (the site's time zone).
import { formatTime } from '../../format.js';
import { formatCents } from '../../ui/money.js';

export interface Fmt {
  money(cents: number): string;
  time(epochMs: number): string;
}

export function fmtOf(language: string, currency: string, timeZone?: string): Fmt {
  return {
    money: (cents) => formatCents(language, cents, currency),
    time: (ms) => formatTime(language, ms, timeZone),
  };
}
