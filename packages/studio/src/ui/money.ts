// Money as the owner reads it: minor units (`...Cents`) in a currency, formatted by Intl in the site's
// language with the currency's own fraction digits (JPY has none), through core's one money formatter.
import { type CurrencyCode, formatMoney, isCurrencyCode } from '@tessera/core/money';

/** 4200 USD in en-US: "$42.00"; 4200 JPY: "¥4,200". A currency core does not know is shown by Intl as is. */
export function formatCents(language: string, cents: number, currency: string): string {
  if (isCurrencyCode(currency)) return formatMoney({ cents, currency: currency as CurrencyCode }, { locale: language });
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}
