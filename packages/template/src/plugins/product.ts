// Reading products and their site context for the commerce plugins: the product data of an item, the
// item's merchandising context, localized strings, and money markup.

import { escapeHtmlText } from '@tessera/core/html';
import {
  PRODUCT_PRICE,
  flag,
  fillPriceLine,
  formatMoney,
  formatMoneyPlain,
  makeMoney,
  type CurrencyCode,
  type PriceLines,
  type ProductData,
} from '@tessera/core';
import type { PluginContext } from './types.js';
import { dig, field, record } from './html.js';

/** The product fields of an item (`item.structuredContent`), or undefined. */
export function productOf(item: unknown): ProductData | undefined {
  const sc = field(item, 'structuredContent');
  return sc !== null && typeof sc === 'object' && !Array.isArray(sc) ? (sc as ProductData) : undefined;
}

/** The page context's localizedStrings. */
export function localizedStrings(ctx: PluginContext): Readonly<Record<string, unknown>> {
  return record(field(ctx.root, 'localizedStrings'));
}

/** A localized string by key, else the fallback. */
export function localized(ctx: PluginContext, key: string, fallback: string): string {
  const v = localizedStrings(ctx)[key];
  return typeof v === 'string' ? v : fallback;
}

/** The merchandising context of the item (`productMerchandisingContext[item.id]`). */
export function merchandising(ctx: PluginContext, item: unknown): Readonly<Record<string, unknown>> {
  const id = field(item, 'id');
  return typeof id === 'string' || typeof id === 'number' ? record(dig(ctx.root, 'productMerchandisingContext', String(id))) : {};
}

/**
 * An amount as the price snippets show it: with the site's CLDR money format flag, the locale's
 * currency format as text; otherwise the plain amount in the money element the storefront localizes.
 */
function moneyMarkup(cents: number, currency: CurrencyCode, ctx: PluginContext): string {
  const money = makeMoney(cents, currency);
  if (flag(dig(ctx.root, 'featureFlags', 'useCLDRMoneyFormat'))) {
    return escapeHtmlText(formatMoney(money, { locale: ctx.locale ?? 'en-US' }));
  }
  return `<span class="${PRODUCT_PRICE.moneyClass}">${formatMoneyPlain(money)}</span>`;
}

/** The body of a price element: the lines of @tessera/core's productPriceLines with their amounts in place. */
export function priceLinesMarkup(lines: PriceLines, currency: CurrencyCode, ctx: PluginContext): string {
  const line = (l: { template: string; cents: number }) =>
    fillPriceLine({ template: escapeHtmlText(l.template), cents: l.cents }, moneyMarkup(l.cents, currency, ctx));
  const hidden = (label: string) => `<span class="${PRODUCT_PRICE.visuallyHiddenClass}">${escapeHtmlText(label)}</span>`;
  switch (lines.kind) {
    case 'none':
      return '';
    case 'unavailable':
      return `${escapeHtmlText(lines.text)}\n`;
    case 'from':
      return `${line(lines.line)}\n`;
    case 'single':
      return line(lines.line);
    case 'sale':
      return (
        `${hidden(lines.saleLabel)}${line(lines.sale)} ${hidden(lines.originalLabel)}` +
        `<span class="${PRODUCT_PRICE.originalPriceClass}">${line(lines.original)}</span>\n`
      );
  }
}
