import { CURRENCY_FRACTION_DIGITS } from '../../../constants.js';

/** The engine's money object: a decimal string in the currency's major unit, and the currency code. */
export interface Money {
  value: string;
  currency: string;
}

/**
 * Integer minor units to the money object ("2400" USD cents -> "24.00"; JPY has no fraction digits).
 * TODO(core): use @tessera/core's money helpers once merged.
 */
export function money(cents: number, currency: string): Money {
  const digits = CURRENCY_FRACTION_DIGITS[currency] ?? 2;
  if (digits === 0) return { value: String(cents), currency };
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const unit = 10 ** digits;
  return { value: `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`, currency };
}
