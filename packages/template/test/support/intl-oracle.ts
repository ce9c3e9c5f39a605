// What the locale formatters wrote before they were compiled: Intl asked for every value. The property
// tests compare the compiled formats with these, value by value.

export const plainSpaces = (s: string): string => s.replace(/[\u2009\u202f]/g, ' ');

/** Intl's date parts joined, with CLDR's narrow no-break space before a day period (as the engine writes them). */
function joinParts(parts: ReadonlyArray<{ type: string; value: string }>): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const next = parts[i + 1];
    out += p.type === 'literal' && p.value === ' ' && next?.type === 'dayPeriod' && !next.value.includes(' ') ? '\u202f' : p.value;
  }
  return out;
}

export function intlDate(locale: string, options: Intl.DateTimeFormatOptions, ms: number): string {
  return joinParts(new Intl.DateTimeFormat(locale, options).formatToParts(ms));
}

const fieldFormats = new Map<string, Intl.DateTimeFormat>();

/** The zoned fields of an instant as Intl gives them, and the offset in minutes, as the date formatter computed them. */
export function intlZonedFields(ms: number, zone: string) {
  let f = fieldFormats.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
      era: 'short',
    });
    fieldFormats.set(zone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(ms)) parts[p.type] = p.value;
  let year = Number(parts.year);
  if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const millisecond = ((ms % 1000) + 1000) % 1000;
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(millisecond));
  d.setUTCFullYear(year);
  const offset = Math.round((d.getTime() - Math.floor(ms)) / 60000);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return { year, month, day, hour, minute, second, millisecond, weekday, offset };
}

/** The instants of a year at which Intl's offset for the zone changes, found by days then by seconds. */
export function intlChanges(zone: string, year: number): number[] {
  const offset = (ms: number) => {
    const f = intlZonedFields(ms, zone);
    const d = new Date(Date.UTC(2000, f.month - 1, f.day, f.hour, f.minute, f.second));
    d.setUTCFullYear(f.year);
    return d.getTime() - Math.floor(ms / 1000) * 1000;
  };
  const out: number[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let previous = Date.UTC(year, 0, 1);
  for (let t = previous + 86_400_000; t <= end; t += 86_400_000) {
    if (offset(t) !== offset(previous)) {
      let lo = previous / 1000;
      let hi = t / 1000;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offset(mid * 1000) === offset(previous)) lo = mid;
        else hi = mid;
      }
      out.push(hi * 1000);
    }
    previous = t;
  }
  return out;
}
