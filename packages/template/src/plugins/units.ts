// Units: `{n|unit in:inch}` converts a measure and writes it in the best unit of its kind (the largest one
// it reaches at least 1 of), `out:foot` in a given unit, `out:foot,inch` or `sequence:` as a sequence
// (whole numbers but for the last), `compact:bytes|bits` for digital sizes (bytes 1024-based, bits
// 1000-based), `format:narrow|short|long`, `group`, `maxfrac:`/`minfrac:` (one fraction digit by default).
// Temperatures without `out:` are shown in the locale's usual scale. Names come from Intl where it knows
// the unit, else from the table below.

import { digits, numberFormat, numberFormatter, parseOptions, plainSpaces } from './intl.js';
import type { PluginContext } from './types.js';

type Category = 'length' | 'area' | 'duration' | 'digital' | 'frequency' | 'angle' | 'temperature';

// Size of each unit in its category's base unit (meter, square meter, second, byte, hertz, degree).
const UNITS: Readonly<Record<string, readonly [Category, number]>> = {
  millimeter: ['length', 0.001],
  centimeter: ['length', 0.01],
  meter: ['length', 1],
  kilometer: ['length', 1000],
  inch: ['length', 0.0254],
  foot: ['length', 0.3048],
  yard: ['length', 0.9144],
  mile: ['length', 1609.344],
  point: ['length', 0.0254 / 72],
  'nautical-mile': ['length', 1852],
  'astronomical-unit': ['length', 149_597_870_700],
  'light-year': ['length', 9_460_730_472_580_800],
  parsec: ['length', 30_856_775_814_913_672],
  'square-centimeter': ['area', 1e-4],
  'square-meter': ['area', 1],
  'square-kilometer': ['area', 1e6],
  'square-inch': ['area', 0.00064516],
  'square-foot': ['area', 0.09290304],
  'square-yard': ['area', 0.83612736],
  'square-mile': ['area', 2_589_988.110336],
  acre: ['area', 4046.8564224],
  hectare: ['area', 10_000],
  nanosecond: ['duration', 1e-9],
  microsecond: ['duration', 1e-6],
  millisecond: ['duration', 1e-3],
  second: ['duration', 1],
  minute: ['duration', 60],
  hour: ['duration', 3600],
  day: ['duration', 86_400],
  week: ['duration', 604_800],
  month: ['duration', 2_629_746],
  year: ['duration', 31_556_952],
  century: ['duration', 3_155_695_200],
  bit: ['digital', 1 / 8],
  kilobit: ['digital', 125],
  megabit: ['digital', 125_000],
  gigabit: ['digital', 125_000_000],
  terabit: ['digital', 125_000_000_000],
  byte: ['digital', 1],
  kilobyte: ['digital', 1024],
  megabyte: ['digital', 1024 ** 2],
  gigabyte: ['digital', 1024 ** 3],
  terabyte: ['digital', 1024 ** 4],
  petabyte: ['digital', 1024 ** 5],
  hertz: ['frequency', 1],
  kilohertz: ['frequency', 1e3],
  megahertz: ['frequency', 1e6],
  gigahertz: ['frequency', 1e9],
  degree: ['angle', 1],
  'arc-minute': ['angle', 1 / 60],
  'arc-second': ['angle', 1 / 3600],
  radian: ['angle', 180 / Math.PI],
  revolution: ['angle', 360],
  celsius: ['temperature', 1],
  fahrenheit: ['temperature', 1],
  kelvin: ['temperature', 1],
};

const ALIASES: Readonly<Record<string, string>> = { feet: 'foot', inches: 'inch', radians: 'radian', degrees: 'degree', hz: 'hertz' };

// The units a measure may be shown in when no `out:` is given, smallest first.
const BEST: Readonly<Record<string, readonly string[]>> = {
  length: ['inch', 'foot', 'yard', 'mile'],
  'length-metric': ['millimeter', 'centimeter', 'meter', 'kilometer'],
  duration: ['nanosecond', 'microsecond', 'millisecond', 'second', 'minute', 'hour', 'day'],
  bytes: ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'],
  bits: ['bit', 'kilobit', 'megabit', 'gigabit', 'terabit'],
  frequency: ['hertz', 'kilohertz', 'megahertz', 'gigahertz'],
};

// Units Intl has no names for: narrow, short, long singular, long plural ({0} is the number).
const NAMES: Readonly<Record<string, readonly [string, string, string, string]>> = {
  hertz: ['{0}Hz', '{0} Hz', '{0} hertz', '{0} hertz'],
  kilohertz: ['{0}kHz', '{0} kHz', '{0} kilohertz', '{0} kilohertz'],
  megahertz: ['{0}MHz', '{0} MHz', '{0} megahertz', '{0} megahertz'],
  gigahertz: ['{0}GHz', '{0} GHz', '{0} gigahertz', '{0} gigahertz'],
  'square-centimeter': ['{0}cm²', '{0} cm²', '{0} square centimeter', '{0} square centimeters'],
  'square-meter': ['{0}m²', '{0} m²', '{0} square meter', '{0} square meters'],
  'square-kilometer': ['{0} km²', '{0} km²', '{0} square kilometer', '{0} square kilometers'],
  'square-inch': ['{0}in²', '{0} in²', '{0} square inch', '{0} square inches'],
  'square-foot': ['{0}ft²', '{0} ft²', '{0} square foot', '{0} square feet'],
  'square-yard': ['{0}yd²', '{0} yd²', '{0} square yard', '{0} square yards'],
  'square-mile': ['{0}mi²', '{0} mi²', '{0} square mile', '{0} square miles'],
  'arc-minute': ['{0}′', '{0} arcmin', '{0} arcminute', '{0} arcminutes'],
  'arc-second': ['{0}″', '{0} arcsec', '{0} arcsecond', '{0} arcseconds'],
  radian: ['{0}rad', '{0} rad', '{0} radian', '{0} radians'],
  revolution: ['{0}rev', '{0} rev', '{0} revolution', '{0} revolutions'],
  point: ['{0}pt', '{0} pt', '{0} point', '{0} points'],
  'nautical-mile': ['{0}nmi', '{0} nmi', '{0} nautical mile', '{0} nautical miles'],
  'astronomical-unit': ['{0}au', '{0} au', '{0} astronomical unit', '{0} astronomical units'],
  'light-year': ['{0}ly', '{0} ly', '{0} light year', '{0} light years'],
  parsec: ['{0}pc', '{0} pc', '{0} parsec', '{0} parsecs'],
  century: ['{0}c', '{0} c', '{0} century', '{0} centuries'],
  kelvin: ['{0}K', '{0} K', '{0} kelvin', '{0} kelvins'],
};

type Display = 'narrow' | 'short' | 'long';

function unitName(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const u = ALIASES[raw.toLowerCase()] ?? raw.toLowerCase();
  return Object.hasOwn(UNITS, u) ? u : undefined;
}

function toTemperature(value: number, from: string, to: string): number {
  const celsius = from === 'fahrenheit' ? (value - 32) * (5 / 9) : from === 'kelvin' ? value - 273.15 : value;
  return to === 'fahrenheit' ? celsius * (9 / 5) + 32 : to === 'kelvin' ? celsius + 273.15 : celsius;
}

function convert(value: number, from: string, to: string): number {
  if (UNITS[from][0] === 'temperature') return toTemperature(value, from, to);
  return (value * UNITS[from][1]) / UNITS[to][1];
}

interface NumberStyle {
  readonly maxFrac: number;
  readonly minFrac: number;
  readonly group: boolean;
}

function write(n: number, unit: string, display: Display, style: NumberStyle, locale: string): string {
  const number: Intl.NumberFormatOptions = {
    // Intl takes at most 20 fraction digits.
    maximumFractionDigits: Math.min(style.maxFrac, 20),
    minimumFractionDigits: Math.min(style.minFrac, style.maxFrac, 20),
    useGrouping: style.group,
  };
  const own = NAMES[unit];
  if (own === undefined) {
    return plainSpaces(numberFormat(locale, { ...number, style: 'unit', unit, unitDisplay: display }).format(n));
  }
  const text = numberFormatter(locale, number, false)(n);
  const pattern = display === 'narrow' ? own[0] : display === 'short' ? own[1] : text === '1' ? own[2] : own[3];
  return pattern.replace('{0}', text);
}

/** The unit a lone measure is best shown in: the largest of its kind it reaches at least 1 of. */
function bestUnit(value: number, unit: string, compact: string | undefined, locale: string): string {
  const category = UNITS[unit][0];
  let list: readonly string[] | undefined;
  if (category === 'digital') list = compact === 'bits' ? BEST.bits : BEST.bytes;
  else if (category === 'temperature') return /^en(-US)?$/i.test(locale) ? 'fahrenheit' : 'celsius';
  else list = BEST[category];
  if (list === undefined || (!list.includes(unit) && category !== 'digital')) return unit;
  let best = list[0];
  for (const u of list) if (Math.abs(convert(value, unit, u)) >= 1) best = u;
  return best;
}

export function formatUnit(value: unknown, options: readonly string[], locale: string, ctx: PluginContext): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return '';
  const o = parseOptions(options);
  const from = unitName(o.named.in);
  if (from === undefined) {
    ctx.error(o.named.in === undefined ? 'unit needs an in: unit' : `Unknown unit '${o.named.in}'`);
    return '';
  }
  const display: Display = o.named.format === 'long' || o.named.format === 'short' ? o.named.format : 'narrow';
  const maxFrac = digits(o.named.maxfrac ?? o.named.maximumFractionDigits) ?? 1;
  const style: NumberStyle = {
    maxFrac,
    minFrac: digits(o.named.minfrac ?? o.named.minimumFractionDigits) ?? 0,
    group: o.positional.includes('group') || (o.named.group !== undefined && o.named.group !== 'false'),
  };
  const listed = (o.named.sequence ?? o.named.out)?.split(',').map(unitName);
  const sequence = listed?.every((u): u is string => u !== undefined && UNITS[u][0] === UNITS[from][0]) ? listed : undefined;
  if (sequence === undefined || sequence.length === 0) {
    const to = bestUnit(n, from, o.named.compact, locale);
    return write(convert(n, from, to), to, display, style, locale);
  }
  if (sequence.length === 1) return write(convert(n, from, sequence[0]), sequence[0], display, style, locale);
  // Whole numbers of each unit but the last, which takes the rest; units before the first non-zero are left out.
  const parts: string[] = [];
  let rest = Math.abs(n);
  sequence.forEach((unit, i) => {
    const amount = convert(rest, from, unit);
    const last = i === sequence.length - 1;
    const shown = last ? amount : Math.floor(amount + 1e-9);
    if (!last) rest -= convert(shown, unit, from);
    if (shown !== 0 || last) {
      if (parts.length > 0 || shown !== 0 || last) parts.push(write(shown, unit, display, style, locale));
    }
  });
  return (n < 0 ? '-' : '') + parts.join(' ');
}
