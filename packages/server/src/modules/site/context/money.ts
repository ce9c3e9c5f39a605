import { isCurrencyCode, minorToDecimalString, type CurrencyCode } from '@tessera/core';

/**
 * The engine's money object: a decimal string in the currency's major unit and the currency code,
 * under both pairs of names the engine's formatters read (`value`/`currency` for the commerce
 * formatters, `decimalValue`/`currencyCode` for `money`).
 */
export interface Money {
  value: string;
  currency: string;
  decimalValue: string;
  currencyCode: string;
}

/** Integer minor units to the money object ("2400" USD cents -> "24.00"; JPY has no fraction digits). */
export function money(cents: number, currency: string): Money {
  const code: CurrencyCode = isCurrencyCode(currency) ? currency : 'USD';
  const value = minorToDecimalString(cents, code);
  return { value, currency: code, decimalValue: value, currencyCode: code };
}
