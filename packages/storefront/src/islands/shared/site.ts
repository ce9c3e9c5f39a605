// What islands read from the site context (docs/site-format.md, "The site context for the
// browser") and the page's shared services, in one place.
import { formatMinorUnits } from '@tessera/core/money';
import type { SiteContext, TesseraGlobal } from '../../bootstrap.js';
import { type CommerceApi, createCommerceApi } from '../../api/commerce.js';

export interface InstallmentSettings {
  readonly provider: 'afterpay' | 'clearpay';
  readonly minCents: number;
  readonly maxCents: number;
  readonly numInstallments?: number;
}

export interface StoreContext {
  readonly selectedCurrency?: string;
  readonly minimumOrderSubtotalCents?: number;
  readonly installments?: InstallmentSettings | null;
  readonly expressCheckout?: boolean;
  readonly paymentProviders?: readonly string[];
}

export function storeOf(context: SiteContext | null | undefined): StoreContext {
  return (context?.storeSettings ?? {}) as StoreContext;
}

function currencyOf(context: SiteContext | null | undefined): string {
  const code = storeOf(context).selectedCurrency ?? context?.currency;
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? code : 'USD';
}

/** Minor units in the site's currency and language ("$28.00"). */
export function moneyFormatter(context: SiteContext | null | undefined): (cents: number) => string {
  const currency = currencyOf(context);
  const locale = context?.language ?? 'en-US';
  return (cents) => formatMinorUnits(cents, currency, locale);
}

/** The site's minimum order subtotal in minor units (0: none). */
export function minimumSubtotalCents(context: SiteContext | null | undefined): number {
  const cents = storeOf(context).minimumOrderSubtotalCents;
  return typeof cents === 'number' && Number.isSafeInteger(cents) ? cents : 0;
}

let shared: CommerceApi | null = null;

/** The page's API client, sending the crumb the bootstrap exposes. */
export function pageApi(tessera?: TesseraGlobal | null): CommerceApi {
  if (!shared) shared = createCommerceApi(tessera ? { crumb: () => tessera.crumb() } : {});
  return shared;
}

/** Leaves the page (a seam for tests). */
export const navigation = { assign: (url: string) => window.location.assign(url) };
