/**
 * Decimal number patterns in the usual notation: an optional prefix and suffix around digits
 * of `#`, `0` and `,` with an optional fraction of `0` then `#` ("#,##0.00", "¤#,##0.00",
 * "#,##,##0.###", "0%"), and an optional negative subpattern after ";".
 */
export interface NumberPattern {
  readonly positivePrefix: string;
  readonly positiveSuffix: string;
  readonly negativePrefix: string;
  readonly negativeSuffix: string;
  readonly minIntegerDigits: number;
  readonly minFractionDigits: number;
  readonly maxFractionDigits: number;
  /** 0 when grouping is off. */
  readonly primaryGroupSize: number;
  readonly secondaryGroupSize: number;
}

export class NumberPatternError extends Error {
  constructor(pattern: string) {
    super(`Invalid number pattern: ${JSON.stringify(pattern)}`);
    this.name = 'NumberPatternError';
  }
}

const PART = /^([^#0,.;]*)([#0,]+)(?:\.(0*#*))?([^#0,.;]*)$/;

function parsePart(part: string, pattern: string) {
  const m = PART.exec(part);
  if (!m) throw new NumberPatternError(pattern);
  const [, prefix, integer, fraction = '', suffix] = m;
  // Digits: optional '#' before required '0'; commas only between digits.
  if (!/^[#,]*[0,]*$/.test(integer) || !/[#0]/.test(integer) || /^,|,,|,$/.test(integer)) throw new NumberPatternError(pattern);
  const groups = integer.split(',');
  const primary = groups.length > 1 ? groups[groups.length - 1].length : 0;
  const secondary = groups.length > 2 ? groups[groups.length - 2].length : primary;
  return {
    prefix,
    suffix,
    minIntegerDigits: (integer.match(/0/g) ?? []).length,
    minFractionDigits: (fraction.match(/0/g) ?? []).length,
    maxFractionDigits: fraction.length,
    primaryGroupSize: primary,
    secondaryGroupSize: secondary,
  };
}

/** Parses a number pattern; throws `Invalid number pattern: "..."` for anything else. */
export function parseNumberPattern(pattern: string): NumberPattern {
  if (typeof pattern !== 'string') throw new NumberPatternError(String(pattern));
  const parts = pattern.split(';');
  if (parts.length > 2) throw new NumberPatternError(pattern);
  const positive = parsePart(parts[0], pattern);
  const negative = parts.length === 2 ? parsePart(parts[1], pattern) : undefined;
  return {
    positivePrefix: positive.prefix,
    positiveSuffix: positive.suffix,
    negativePrefix: negative ? negative.prefix : `-${positive.prefix}`,
    negativeSuffix: negative ? negative.suffix : positive.suffix,
    minIntegerDigits: positive.minIntegerDigits,
    minFractionDigits: positive.minFractionDigits,
    maxFractionDigits: positive.maxFractionDigits,
    primaryGroupSize: positive.primaryGroupSize,
    secondaryGroupSize: positive.secondaryGroupSize,
  };
}

export interface NumberSymbols {
  readonly group: string;
  readonly decimal: string;
}

/**
 * Formats a decimal string with a pattern, on the digits themselves (no float): fraction
 * digits rounded half up to the pattern's maximum, padded to its minimum.
 */
export function formatWithPattern(decimal: string, pattern: NumberPattern | string, symbols: NumberSymbols = { group: ',', decimal: '.' }): string {
  const p = typeof pattern === 'string' ? parseNumberPattern(pattern) : pattern;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!m || (m[2] === '' && !m[3])) throw new RangeError(`Not a decimal number: ${JSON.stringify(decimal)}`);
  const [, sign, whole, fraction = ''] = m;
  const digits = BigInt((whole || '0') + fraction.slice(0, p.maxFractionDigits).padEnd(p.maxFractionDigits, '0'));
  const roundUp = fraction.length > p.maxFractionDigits && fraction.charCodeAt(p.maxFractionDigits) >= 53;
  const all = (digits + (roundUp ? 1n : 0n)).toString().padStart(p.maxFractionDigits + 1, '0');
  let intPart = all.slice(0, all.length - p.maxFractionDigits).replace(/^0+(?=\d)/, '');
  let fracPart = all.slice(all.length - p.maxFractionDigits);
  while (fracPart.length > p.minFractionDigits && fracPart.endsWith('0')) fracPart = fracPart.slice(0, -1);
  intPart = intPart.padStart(p.minIntegerDigits, '0');
  if (p.minIntegerDigits === 0 && intPart === '0' && fracPart !== '') intPart = '';
  if (p.primaryGroupSize > 0 && intPart.length > p.primaryGroupSize) {
    const head = intPart.slice(0, -p.primaryGroupSize);
    const groups = [intPart.slice(-p.primaryGroupSize)];
    for (let i = head.length; i > 0; i -= p.secondaryGroupSize) groups.unshift(head.slice(Math.max(0, i - p.secondaryGroupSize), i));
    intPart = groups.join(symbols.group);
  }
  const body = fracPart === '' ? intPart : `${intPart}${symbols.decimal}${fracPart}`;
  const negative = sign === '-' && /[1-9]/.test(intPart + fracPart);
  return negative ? `${p.negativePrefix}${body}${p.negativeSuffix}` : `${p.positivePrefix}${body}${p.positiveSuffix}`;
}
