// Amounts of the owner's API (integer minor units in a currency) as the owner reads them, in the
// site's language; shared by the customer pages.
import { formatMoney, isCurrencyCode, makeMoney } from '@tessera/core/money';

export function formatAmount(language: string, cents: number, currency: string): string {
  const code = isCurrencyCode(currency) ? currency : 'USD';
  try {
    return formatMoney(makeMoney(cents, code), { locale: language });
  } catch {
    return formatMoney(makeMoney(cents, code));
  }
}
