// Amounts as the owner types them: money in the currency's major units (12.50 dollars, 1200 yen),
// percentages to the hundredth, whole numbers. The store keeps money in minor units; these turn one
// into the other exactly, with integer arithmetic, and say what is wrong with what was typed.

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

const example = (digits: number) => (digits === 0 ? '1200' : `12.${'50'.padEnd(digits, '0').slice(0, digits)}`);

/** Minor units as the major-unit text an input shows: 600 -> "6.00" (2 digits), 600 -> "600" (0). */
export function formatMinor(cents: number, digits: number): string {
  if (digits === 0) return String(cents);
  const scale = 10 ** digits;
  return `${Math.floor(cents / scale)}.${String(cents % scale).padStart(digits, '0')}`;
}

/** A typed amount in major units as minor units; "." or "," marks the decimals. */
export function parseMoney(text: string, digits: number): Parsed {
  const t = text.trim().replace(/\s/g, '');
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(t);
  if (!m) return { ok: false, message: `Enter an amount such as ${example(digits)}.` };
  const decimals = m[2] ?? '';
  if (decimals.length > digits) {
    return { ok: false, message: digits === 0 ? 'This currency has no decimals: enter a whole amount.' : `Enter at most ${digits} decimals.` };
  }
  const value = Number(m[1]) * 10 ** digits + Number(decimals.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(value) || value > 2_000_000_000) return { ok: false, message: 'This amount is too large.' };
  return { ok: true, value };
}

/** A percentage to the hundredth, as hundredths: "8.875" is refused, "8.87" is 887. */
export function parseHundredths(text: string, max: number): Parsed {
  const m = /^(\d+)(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!m) return { ok: false, message: 'Enter a percentage such as 8.5, with at most 2 decimals.' };
  const value = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
  if (value > max * 100) return { ok: false, message: `Enter at most ${max}.` };
  return { ok: true, value };
}

export function formatHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A whole number from `min` to `max`. */
export function parseWhole(text: string, min: number, max: number): Parsed {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max) return { ok: false, message: `Enter a whole number from ${min} to ${max}.` };
  return { ok: true, value: Number(t) };
}
