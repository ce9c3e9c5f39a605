import { ProductType, toProductType } from '../enums/product-type.js';

/** Installment providers and their locales (platform.md and storefront.md section 9). */
export type InstallmentProvider = 'afterpay' | 'clearpay';

export const DEFAULT_NUM_INSTALLMENTS = 4;

export const AFTERPAY_LOCALES = Object.freeze(['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ'] as const);
export const CLEARPAY_LOCALES = Object.freeze(['en_GB'] as const);
export type InstallmentLocale = (typeof AFTERPAY_LOCALES)[number] | (typeof CLEARPAY_LOCALES)[number];

/** Countries with their languages: US (en), CA (en, fr), AU, NZ, GB (en). */
export const INSTALLMENT_COUNTRIES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
});

/** The United States and its territories. */
export const US_AND_TERRITORIES = Object.freeze(['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const);

/**
 * The provider locale for the information dialog: `{language}_{country}` when the provider
 * has it (fr_CA), else the country's first language (en_CA for de in CA); the US territories
 * use en_US. Null for a country without installments.
 */
export function installmentLocaleFor(country: string, language = 'en'): InstallmentLocale | null {
  let c = country.toUpperCase();
  if ((US_AND_TERRITORIES as readonly string[]).includes(c)) c = 'US';
  const languages = Object.hasOwn(INSTALLMENT_COUNTRIES, c) ? INSTALLMENT_COUNTRIES[c] : undefined;
  if (!languages) return null;
  const lang = languages.includes(language.toLowerCase()) ? language.toLowerCase() : languages[0];
  return `${lang}_${c}` as InstallmentLocale;
}

/** Eligible only when the cart holds items and every one is a physical product. */
export function isInstallmentEligible(items: ReadonlyArray<{ readonly productType: unknown }>): boolean {
  return items.length > 0 && items.every((i) => toProductType(i.productType) === ProductType.PHYSICAL);
}

export interface InstallmentRange {
  /** The provider's minimum, minor units: the price must be above it. */
  readonly minCents: number;
  /** The provider's maximum, minor units: the price must be at most it. */
  readonly maxCents: number;
}

/** In range when the price is above the provider minimum and at most the maximum. */
export function isInstallmentInRange(priceCents: number, range: InstallmentRange): boolean {
  return priceCents > range.minCents && priceCents <= range.maxCents;
}

/**
 * Splits a total into installments in minor units without losing a cent: each installment is
 * the total divided by their number, rounded down, and the remaining cents go one each to the
 * first installments (1999 in 4 -> 500, 500, 500, 499). The installments always add up to the
 * total and differ by at most one cent.
 */
export function splitInstallments(totalCents: number, numInstallments = DEFAULT_NUM_INSTALLMENTS): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(`Installment total must be a non-negative whole number of minor units, got ${totalCents}`);
  }
  if (!Number.isInteger(numInstallments) || numInstallments < 1) {
    throw new RangeError(`Number of installments must be a positive whole number, got ${numInstallments}`);
  }
  const base = Math.floor(totalCents / numInstallments);
  const remainder = totalCents - base * numInstallments;
  return Array.from({ length: numInstallments }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** The amount the badge shows: the first (largest) installment. */
export function installmentAmountCents(totalCents: number, numInstallments = DEFAULT_NUM_INSTALLMENTS): number {
  return splitInstallments(totalCents, numInstallments)[0];
}

export const INSTALLMENT_TEXT = Object.freeze({
  inRange: '{numInstallments} interest-free payments of {amount}',
  upTo: 'available for orders up to {amount}',
  over: 'available for orders over {amount}',
});

export interface InstallmentBadgeInput extends InstallmentRange {
  readonly priceCents: number;
  readonly numInstallments?: number;
  /** Formats minor units for display (the site's currency and locale). */
  readonly formatAmount: (cents: number) => string;
  /** The three texts in the page's language (`installmentsInRangeText`, ... of the page's strings); English without them. */
  readonly texts?: { readonly inRange?: string; readonly upTo?: string; readonly over?: string };
}

/**
 * The badge text: in range, `{numInstallments} interest-free payments of {amount}`; above the
 * maximum, `available for orders up to {max}`; at or below the minimum,
 * `available for orders over {min}`.
 */
export function installmentBadgeText(input: InstallmentBadgeInput): string {
  const n = input.numInstallments ?? DEFAULT_NUM_INSTALLMENTS;
  if (isInstallmentInRange(input.priceCents, input)) {
    return (input.texts?.inRange || INSTALLMENT_TEXT.inRange)
      .replace('{numInstallments}', String(n))
      .replace('{amount}', () => input.formatAmount(installmentAmountCents(input.priceCents, n)));
  }
  if (input.priceCents > input.maxCents) {
    return (input.texts?.upTo || INSTALLMENT_TEXT.upTo).replace('{amount}', () => input.formatAmount(input.maxCents));
  }
  return (input.texts?.over || INSTALLMENT_TEXT.over).replace('{amount}', () => input.formatAmount(input.minCents));
}

/**
 * The locale of the provider's information dialog for a site language (BCP 47, `en-US`, `fr-CA`):
 * Clearpay has en_GB only; Afterpay takes the language's region when it is one of its countries
 * (fr-CA -> fr_CA, en-AU -> en_AU), else en_US.
 */
export function installmentModalLocale(provider: InstallmentProvider, siteLanguage = 'en-US'): InstallmentLocale {
  if (provider === 'clearpay') return CLEARPAY_LOCALES[0];
  const [language = 'en', region = 'US'] = siteLanguage.replace('_', '-').split('-');
  const locale = region.toUpperCase() === 'GB' ? null : installmentLocaleFor(region, language);
  return locale && (AFTERPAY_LOCALES as readonly string[]).includes(locale) ? locale : AFTERPAY_LOCALES[0];
}
