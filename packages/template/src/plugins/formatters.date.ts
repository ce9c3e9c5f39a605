// `{timestamp|date FORMAT}`: epoch milliseconds formatted with strftime-style codes in the render's time
// zone (spec: default America/New_York; a site's website.timeZone when the data has one). Unknown codes
// write nothing; `%%` writes a percent sign.

import { asNumber } from './convert.js';
import { ArgsMemo } from './intl.js';
import { dayOfYear, isoWeek, sundayWeek, zoneAbbreviation, zonedTimeInto, type ZonedTime } from './time.js';
import type { FormatterTable } from './types.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const PAD2 = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const pad2 = (n: number) => (n >= 0 && n < 100 ? PAD2[n] : String(n).padStart(2, '0'));
const space2 = (n: number) => String(n).padStart(2, ' ');
const hour12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

type Code = (t: ZonedTime) => string;

const CODES: Record<string, Code> = {
  a: (t) => DAYS[t.weekday].slice(0, 3),
  A: (t) => DAYS[t.weekday],
  b: (t) => MONTHS[t.month - 1].slice(0, 3),
  B: (t) => MONTHS[t.month - 1],
  c: (t) => `${CODES.a(t)}, ${CODES.b(t)} ${t.day}, ${t.year} ${hour12(t.hour)}:${pad2(t.minute)}:${pad2(t.second)} ${CODES.p(t)} ${zoneAbbreviation(t)}`,
  C: (t) => pad2(Math.floor(t.year / 100)),
  d: (t) => pad2(t.day),
  D: (t) => `${pad2(t.month)}/${pad2(t.day)}/${pad2(t.year % 100)}`,
  e: (t) => space2(t.day),
  F: (t) => `${t.year}-${pad2(t.month)}-${pad2(t.day)}`,
  g: (t) => pad2(isoWeek(t).year % 100),
  G: (t) => String(isoWeek(t).year),
  h: (t) => MONTHS[t.month - 1].slice(0, 3),
  H: (t) => pad2(t.hour),
  i: (t) => String(hour12(t.hour)),
  I: (t) => pad2(hour12(t.hour)),
  j: (t) => String(dayOfYear(t)).padStart(3, '0'),
  k: (t) => space2(t.hour),
  l: (t) => space2(hour12(t.hour)),
  m: (t) => pad2(t.month),
  M: (t) => pad2(t.minute),
  n: () => '\n',
  N: (t) => String(Math.round(t.millisecond * 1e6)).padStart(9, '0'),
  p: (t) => (t.hour < 12 ? 'AM' : 'PM'),
  P: (t) => (t.hour < 12 ? 'am' : 'pm'),
  q: (t) => String(Math.floor((t.month - 1) / 3) + 1),
  r: (t) => `${hour12(t.hour)}:${pad2(t.minute)}:${pad2(t.second)} ${CODES.p(t)}`,
  R: (t) => `${pad2(t.hour)}:${pad2(t.minute)}`,
  s: (t) => String(Math.floor(t.epochMs / 1000)),
  S: (t) => pad2(t.second),
  t: () => '\t',
  T: (t) => `${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}`,
  u: (t) => String(t.weekday === 0 ? 7 : t.weekday),
  U: (t) => pad2(sundayWeek(t)),
  v: (t) => `${space2(t.day)}-${CODES.b(t)}-${t.year}`,
  V: (t) => pad2(isoWeek(t).week),
  w: (t) => String(t.weekday),
  W: (t) => pad2(sundayWeek(t)),
  x: (t) => `${pad2(t.month)}/${pad2(t.day)}/${t.year}`,
  X: (t) => `${pad2(hour12(t.hour))}:${pad2(t.minute)}:${pad2(t.second)} ${CODES.p(t)}`,
  y: (t) => pad2(t.year % 100),
  Y: (t) => String(t.year),
  z: (t) => offsetText(t.offset),
  Z: (t) => zoneAbbreviation(t),
};

type Piece = string | Code;

/** A format as literal texts and codes: `%%` is a percent sign, a `%` at the end is itself, unknown codes write nothing. */
function compileFormat(format: string): readonly Piece[] {
  const pieces: Piece[] = [];
  let literal = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i];
    if (ch !== '%' || i === format.length - 1) {
      literal += ch;
      continue;
    }
    const code = format[++i];
    if (code === '%') {
      literal += '%';
      continue;
    }
    const write = Object.hasOwn(CODES, code) ? CODES[code] : undefined;
    if (write === undefined) continue;
    if (literal !== '') pieces.push(literal);
    literal = '';
    pieces.push(write);
  }
  if (literal !== '') pieces.push(literal);
  return pieces;
}

function writeFormat(t: ZonedTime, pieces: readonly Piece[]): string {
  let out = '';
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    out += typeof p === 'string' ? p : p(t);
  }
  return out;
}

export function strftime(t: ZonedTime, format: string): string {
  return writeFormat(t, compileFormat(format));
}

// A format is read once per instruction.
const formats = new ArgsMemo<readonly Piece[]>();
// The fields of the instant being written (formatting is synchronous, and no code keeps them).
const scratch: Parameters<typeof zonedTimeInto>[2] = {
  year: 0,
  month: 0,
  day: 0,
  hour: 0,
  minute: 0,
  second: 0,
  millisecond: 0,
  weekday: 0,
  offset: 0,
  zone: '',
  epochMs: 0,
};

export const dateFormatters: FormatterTable = {
  date: (value, args, ctx) => {
    if (args.length === 0) return undefined;
    // Anything that is not a number or numeric string counts as 0, the epoch.
    const ms = asNumber(value);
    const t = zonedTimeInto(ms, ctx.timeZone, scratch);
    return t === undefined
      ? undefined
      : writeFormat(
          t,
          formats.get(args, '', '', () => compileFormat(args.join(' '))),
        );
  },
};
