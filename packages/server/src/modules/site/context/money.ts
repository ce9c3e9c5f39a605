import { isCurrencyCode, minorToDecimalString, type CurrencyCode } from '@tessera/core';

/** The engine's money object: a decimal string in the currency's major unit, and the currency code. */
export interface Money {
  value: string;
  currency: string;
}

/** Integer minor units to the money object ("2400" USD cents -> "24.00"; JPY has no fraction digits). */
export function money(cents: number, currency: string): Money {
  const code: CurrencyCode = isCurrencyCode(currency) ? currency : 'USD';
  return { value: minorToDecimalString(cents, code), currency: code };
}
