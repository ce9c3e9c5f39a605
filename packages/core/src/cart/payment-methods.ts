import { isInstallmentEligible, isInstallmentInRange, US_AND_TERRITORIES, type InstallmentRange } from '../product/installments.js';

/**
 * The card-network provider's payment method types Tessera offers, by the provider's own names:
 * cards (Apple Pay and Google Pay are cards to it), Afterpay/Clearpay and Klarna.
 */
export type StripeMethodType = 'card' | 'afterpay_clearpay' | 'klarna';

export const STRIPE_METHOD_TYPES: readonly StripeMethodType[] = Object.freeze(['card', 'afterpay_clearpay', 'klarna']);

/**
 * Afterpay/Clearpay sells only at home: the shopper's country must be the one of the currency.
 * Its documented limits per currency (minor units) apply when the store sets no range of its own.
 */
const AFTERPAY_MARKETS: Readonly<Record<string, { currency: string; range: InstallmentRange }>> = Object.freeze({
  US: { currency: 'USD', range: { minCents: 100, maxCents: 400_000 } },
  CA: { currency: 'CAD', range: { minCents: 100, maxCents: 200_000 } },
  AU: { currency: 'AUD', range: { minCents: 100, maxCents: 200_000 } },
  NZ: { currency: 'NZD', range: { minCents: 100, maxCents: 200_000 } },
  GB: { currency: 'GBP', range: { minCents: 100, maxCents: 100_000 } },
});

/** Klarna takes only the local currency of the shopper's country. */
const KLARNA_CURRENCY: Readonly<Record<string, string>> = Object.freeze({
  AT: 'EUR',
  AU: 'AUD',
  BE: 'EUR',
  CA: 'CAD',
  CH: 'CHF',
  CZ: 'CZK',
  DE: 'EUR',
  DK: 'DKK',
  ES: 'EUR',
  FI: 'EUR',
  FR: 'EUR',
  GB: 'GBP',
  GR: 'EUR',
  IE: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  NO: 'NOK',
  NZ: 'NZD',
  PL: 'PLN',
  PT: 'EUR',
  SE: 'SEK',
  US: 'USD',
});

export interface StripeMethodInput {
  /** The methods the owner turned on (store.stripe.paymentMethods); cards are always offered. */
  readonly enabled: readonly string[];
  readonly currency: string;
  /** The amount due, minor units. */
  readonly amountCents: number;
  /** Every line's product type (the spec's numbers). */
  readonly productTypes: readonly unknown[];
  /** The shopper's country (shipping address, else the cart's location); null when not known yet. */
  readonly country: string | null;
  /** The store's installment settings (store.installments), whose range wins over the provider's own. */
  readonly installments?: { readonly provider?: string; readonly minCents: number; readonly maxCents: number } | null;
  /** A subscription is charged again without the shopper: only a card can be kept for that. */
  readonly subscription?: boolean;
}

/**
 * The payment method types a checkout may offer, in the same order on the server (the payment it
 * creates) and in the browser (the payment form, which must name the same types):
 * - cards, always;
 * - Afterpay/Clearpay when every line is a physical product (the spec's rule), the shopper's
 *   country is one of its countries (the United States with its territories, Canada, Australia,
 *   New Zealand, the United Kingdom) with that country's currency, and the amount is within range;
 * - Klarna when the shopper's country is one of its countries with that country's currency;
 * - neither for a subscription, or before the shopper's country is known.
 */
export function stripeMethodTypes(input: StripeMethodInput): StripeMethodType[] {
  const types: StripeMethodType[] = ['card'];
  if (input.subscription || !input.country || input.amountCents <= 0) return types;
  const raw = input.country.trim().toUpperCase();
  const country = (US_AND_TERRITORIES as readonly string[]).includes(raw) ? 'US' : raw;
  const currency = input.currency.toUpperCase();
  const enabled = new Set(input.enabled);
  const market = Object.hasOwn(AFTERPAY_MARKETS, country) ? AFTERPAY_MARKETS[country] : undefined;
  if (
    enabled.has('afterpay_clearpay') &&
    market &&
    market.currency === currency &&
    isInstallmentEligible(input.productTypes.map((productType) => ({ productType })))
  ) {
    const own = input.installments;
    const range = own && Number.isSafeInteger(own.minCents) && Number.isSafeInteger(own.maxCents) ? own : market.range;
    if (isInstallmentInRange(input.amountCents, range)) types.push('afterpay_clearpay');
  }
  if (enabled.has('klarna') && Object.hasOwn(KLARNA_CURRENCY, country) && KLARNA_CURRENCY[country] === currency) types.push('klarna');
  return types;
}
