import {
  computeCartTotals, installmentAmountCents, isInstallmentEligible, isInstallmentInRange, taxRuleFor, type CartCoupon,
} from '@tessera/core';
import { assetUrl } from '../site/context/assets.js';
import { itemUrl } from '../site/context/content.js';
import { money, type Money } from '../site/context/money.js';
import type { SiteSnapshot } from '../site/snapshot.js';
import { findCoupon, type ShippingOption, type StoreRules } from '../commerce/settings.js';
import type { CartRow, EntryViewRow, ProductDocsRow } from './store.js';

/** A cart entry as the API answers it (storefront.md section 3, plus what the theme's cart page shows). */
export interface CartEntryView {
  id: string;
  itemId: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Record<string, string>; optionValues: { optionName: string; value: string }[] };
  title: string;
  /** quantity x purchase price, as a money object. */
  subTotal: Money;
  subTotalCents: number;
  /** The price of one, the sale price when the variant is on sale. */
  purchasePriceCents: number;
  productType: number;
  additionalFields: string | null;
  fullUrl: string | null;
  image: { assetUrl: string; altText: string } | null;
}

export interface CouponView {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  minSubtotalCents: number | null;
}

export interface ShippingLocation {
  country: string;
  region: string;
  postalCode: string;
}

/** The shopping cart, with every field of the spec's entity. Totals come from @tessera/core only. */
export interface ShoppingCartView {
  id: string | null;
  websiteId: string;
  orderId: string | null;
  created: number | null;
  isPurchased: boolean;
  entries: CartEntryView[];
  shippingOptions: (ShippingOption & { costCents: number })[];
  selectedShippingOption: (ShippingOption & { costCents: number }) | null;
  shippingLocation: ShippingLocation | null;
  applicableTaxRules: { country: string; region: string | null; rateBasisPoints: number; appliesToShipping: boolean }[];
  coupons: string[];
  validCoupons: CouponView[];
  invalidCoupons: CouponView[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  currency: string;
  subtotalMoney: Money;
  grandTotalMoney: Money;
  /** The installment badge for this cart (@tessera/core's rules), or null when the site offers none. */
  installments: { provider: string; eligible: boolean; inRange: boolean; numInstallments: number; amountCents: number } | null;
}

const attributesOf = (json: string): Record<string, string> => JSON.parse(json) as Record<string, string>;

export function purchasePriceCents(row: { on_sale: number; sale_price_cents: number; price_cents: number }): number {
  return row.on_sale === 1 ? row.sale_price_cents : row.price_cents;
}

/** What an entry shows of its product that only an import can change: kept per site snapshot. */
export interface ProductLook {
  ordering: string[];
  image: CartEntryView['image'];
  /** Alt texts of the product's images by path: a variant's image shares its product image's text. */
  alts: Map<string, string>;
}
const looks = new WeakMap<SiteSnapshot, Map<string, ProductLook>>();

function lookOf(s: SiteSnapshot, docs: ProductDocsRow): ProductLook {
  // The product's first image, else the item's main image (a variant's own image wins, per entry).
  let path: string | null = null;
  let alt = '';
  const product = JSON.parse(docs.product_data) as { images?: unknown[] };
  const alts = new Map<string, string>();
  for (const image of product.images ?? []) {
    const entry = image as { path?: unknown; alt?: unknown };
    if (entry && typeof entry.path === 'string' && typeof entry.alt === 'string') alts.set(entry.path, entry.alt);
  }
  const first = product.images?.[0] as string | { path?: string; alt?: string } | undefined;
  if (typeof first === 'string') path = first;
  else if (first && typeof first.path === 'string') [path, alt] = [first.path, first.alt ?? ''];
  if (!path) {
    const item = JSON.parse(docs.item_data) as { mainImage?: unknown; mainImageAlt?: unknown };
    if (typeof item.mainImage === 'string') [path, alt] = [item.mainImage, typeof item.mainImageAlt === 'string' ? item.mainImageAlt : ''];
  }
  return { ordering: JSON.parse(docs.variant_option_ordering) as string[], image: path ? { assetUrl: assetUrl(s, path), altText: alt } : null, alts };
}

/** The looks of the entries' products, read from the store only for items not seen since the site last changed. */
export async function loadLooks(s: SiteSnapshot, rows: readonly { item_id: string }[], read: (itemId: string) => Promise<ProductDocsRow | undefined>) {
  let bySnapshot = looks.get(s);
  if (!bySnapshot) looks.set(s, (bySnapshot = new Map()));
  for (const { item_id } of rows) {
    if (bySnapshot.has(item_id)) continue;
    const docs = await read(item_id);
    if (bySnapshot.size > 5000) bySnapshot.clear();
    bySnapshot.set(item_id, docs ? lookOf(s, docs) : { ordering: [], image: null, alts: new Map() });
  }
  return bySnapshot;
}

function entryView(s: SiteSnapshot, row: EntryViewRow, subTotalCents: number, look: ProductLook): CartEntryView {
  const attributes = attributesOf(row.attributes);
  const names = look.ordering.length > 0 ? look.ordering : Object.keys(attributes);
  const collection = s.collectionsById.get(row.collection_id);
  return {
    id: row.id,
    itemId: row.item_id,
    quantity: row.quantity,
    chosenVariant: {
      sku: row.sku,
      attributes,
      optionValues: names.filter((n) => n in attributes).map((n) => ({ optionName: n, value: attributes[n]! })),
    },
    title: row.title,
    subTotal: money(subTotalCents, s.currency),
    subTotalCents,
    purchasePriceCents: purchasePriceCents(row),
    productType: row.product_type,
    additionalFields: row.additional_fields,
    fullUrl: collection ? itemUrl(s, collection, row) : null,
    image: row.image ? { assetUrl: assetUrl(s, row.image), altText: look.alts.get(row.image) ?? '' } : look.image,
  };
}

const couponView = (c: CartCoupon): CouponView => ({
  code: c.code, percentOff: c.percentOff ?? null, amountOffCents: c.amountOffCents ?? null, minSubtotalCents: c.minSubtotalCents ?? null,
});

export function parseLocation(json: string | null): ShippingLocation | null {
  return json ? (JSON.parse(json) as ShippingLocation) : null;
}

/**
 * The cart answer (`looksByItem` from loadLooks): entries with live prices, the site's shipping options (with this cart's cost),
 * the tax rule for its location, its coupons, and totals from @tessera/core's computeCartTotals,
 * the one place totals are computed. `cart` null is the empty cart of a visitor who has none yet.
 */
export function cartView(
  s: SiteSnapshot, rules: StoreRules, cart: CartRow | null, rows: EntryViewRow[], looksByItem: ReadonlyMap<string, ProductLook>,
): ShoppingCartView {
  const codes = cart ? (JSON.parse(cart.coupons) as string[]) : [];
  const coupons: CartCoupon[] = codes.map((code) => findCoupon(rules, code) ?? { code });
  const location = parseLocation(cart?.shipping_location ?? null);
  const selected = cart?.shipping_option_id ? rules.shippingOptions.find((o) => o.id === cart.shipping_option_id) ?? null : null;
  const taxRule = taxRuleFor(rules.taxRules, location);
  const totals = computeCartTotals({
    entries: rows.map((r) => ({ quantity: r.quantity, unitPriceCents: purchasePriceCents(r), productType: r.product_type })),
    coupons,
    shippingOption: selected,
    taxRule,
  });
  const discounted = totals.subtotalCents - totals.discountCents;
  // What each option would cost this cart: free over its threshold, nothing when nothing ships.
  const costOf = (o: ShippingOption) =>
    (!totals.requiresShipping || (o.freeOverCents !== null && discounted >= o.freeOverCents) ? 0 : o.priceCents);
  const options = rules.shippingOptions.map((o) => ({ ...o, costCents: costOf(o) }));
  const inst = rules.installments;
  return {
    id: cart?.id ?? null,
    websiteId: s.website.id,
    orderId: cart?.order_id ?? null,
    created: cart?.created_on ?? null,
    isPurchased: cart?.is_purchased === 1,
    entries: rows.map((r, i) => entryView(s, r, totals.entrySubtotalsCents[i]!, looksByItem.get(r.item_id)!)),
    shippingOptions: options,
    selectedShippingOption: selected ? options.find((o) => o.id === selected.id)! : null,
    shippingLocation: location,
    applicableTaxRules: taxRule
      ? [{ country: taxRule.country, region: taxRule.region ?? null, rateBasisPoints: taxRule.rateBasisPoints, appliesToShipping: taxRule.appliesToShipping === true }]
      : [],
    coupons: codes,
    validCoupons: totals.validCoupons.map(couponView),
    invalidCoupons: totals.invalidCoupons.map(couponView),
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    shippingCostCents: totals.shippingCostCents,
    discountCents: totals.discountCents,
    grandTotalCents: totals.grandTotalCents,
    totalQuantity: totals.totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
    currency: rules.currency,
    subtotalMoney: money(totals.subtotalCents, rules.currency),
    grandTotalMoney: money(totals.grandTotalCents, rules.currency),
    installments: inst ? {
      provider: inst.provider,
      eligible: isInstallmentEligible(rows.map((r) => ({ productType: r.product_type }))),
      inRange: isInstallmentInRange(totals.grandTotalCents, inst),
      numInstallments: inst.numInstallments,
      amountCents: installmentAmountCents(totals.grandTotalCents, inst.numInstallments),
    } : null,
  };
}
