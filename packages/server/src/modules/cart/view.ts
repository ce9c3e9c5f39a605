import { computeCartTotals, installmentAmountCents, isInstallmentEligible, isInstallmentInRange, taxRuleFor, type CartCoupon } from '@tessera/core';
import { itemUrl } from '../site/index.js';
import { money, type Money } from '../site/index.js';
import type { LineImage, SiteSnapshot } from '../site/index.js';
import { findCoupon, type ShippingOption, type StoreRules } from '../commerce/index.js';
import { unitPriceCents, type CatalogProduct, type CatalogVariant } from '../commerce/index.js';
import type { CartRow, EntryRow } from './store.js';

/** A cart entry as the API answers it (storefront.md section 3, plus what the theme's cart page shows). */
interface CartEntryView {
  id: string;
  itemId: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Record<string, string>; optionValues: { optionName: string; value: string }[] };
  title: string;
  /** quantity x purchase price, as a money object (and again under the name themes read). */
  subTotal: Money;
  subTotalMoney: Money;
  subTotalCents: number;
  /** The price of one, the sale price when the variant is on sale. */
  purchasePriceCents: number;
  productType: number;
  additionalFields: string | null;
  fullUrl: string | null;
  image: LineImage | null;
}

interface CouponView {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  minSubtotalCents: number | null;
  freeShipping: boolean;
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

/** An entry with its product and variant from the catalog (commerce/catalog.ts). */
export interface CartLine {
  entry: EntryRow;
  product: CatalogProduct;
  variant: CatalogVariant;
}

function entryView(s: SiteSnapshot, { entry, product, variant }: CartLine, subTotalCents: number): CartEntryView {
  const subTotalMoney = money(subTotalCents, s.currency);
  const attributes = variant.attributes;
  const names = product.variantOptionOrdering.length > 0 ? product.variantOptionOrdering : Object.keys(attributes);
  const collection = s.collectionsById.get(product.collectionId);
  return {
    id: entry.id,
    itemId: entry.item_id,
    quantity: entry.quantity,
    chosenVariant: {
      sku: variant.sku,
      attributes,
      optionValues: names.filter((n) => n in attributes).map((n) => ({ optionName: n, value: attributes[n]! })),
    },
    title: product.title,
    subTotal: subTotalMoney,
    subTotalMoney,
    subTotalCents,
    purchasePriceCents: unitPriceCents(variant),
    productType: product.productType,
    additionalFields: entry.additional_fields,
    fullUrl: collection ? itemUrl(s, collection, { url_id: product.urlId }) : null,
    image: variant.image ?? product.image,
  };
}

const couponView = (c: CartCoupon): CouponView => ({
  code: c.code,
  percentOff: c.percentOff ?? null,
  amountOffCents: c.amountOffCents ?? null,
  minSubtotalCents: c.minSubtotalCents ?? null,
  freeShipping: c.freeShipping === true,
});

export function parseLocation(json: string | null): ShippingLocation | null {
  return json ? (JSON.parse(json) as ShippingLocation) : null;
}

/**
 * The cart answer: entries with their prices, the site's shipping options (with this cart's cost),
 * the tax rule for its location, its coupons, and totals from @tessera/core's computeCartTotals,
 * the one place totals are computed. `cart` null is the empty cart of a visitor who has none yet.
 * `now` decides which coupons are within their dates.
 */
export function cartView(s: SiteSnapshot, rules: StoreRules, cart: CartRow | null, lines: CartLine[], now: number): ShoppingCartView {
  const codes = cart ? (JSON.parse(cart.coupons) as string[]) : [];
  const coupons: CartCoupon[] = codes.map((code) => findCoupon(rules, code) ?? { code });
  const location = parseLocation(cart?.shipping_location ?? null);
  const selected = cart?.shipping_option_id ? (rules.shippingOptions.find((o) => o.id === cart.shipping_option_id) ?? null) : null;
  const taxRule = taxRuleFor(rules.taxRules, location);
  const totals = computeCartTotals({
    entries: lines.map((l) => ({ quantity: l.entry.quantity, unitPriceCents: unitPriceCents(l.variant), productType: l.product.productType })),
    coupons,
    shippingOption: selected,
    taxRule,
    now,
  });
  const discounted = totals.subtotalCents - totals.discountCents;
  // What each option would cost this cart: free over its threshold or with a free-shipping coupon, nothing when nothing ships.
  const freeShipping = totals.validCoupons.some((c) => c.freeShipping === true);
  const costOf = (o: ShippingOption) =>
    !totals.requiresShipping || freeShipping || (o.freeOverCents !== null && discounted >= o.freeOverCents) ? 0 : o.priceCents;
  const options = rules.shippingOptions.map((o) => ({ ...o, costCents: costOf(o) }));
  const inst = rules.installments;
  return {
    id: cart?.id ?? null,
    websiteId: s.website.id,
    orderId: cart?.order_id ?? null,
    created: cart?.created_on ?? null,
    isPurchased: cart?.is_purchased === 1,
    entries: lines.map((l, i) => entryView(s, l, totals.entrySubtotalsCents[i]!)),
    shippingOptions: options,
    selectedShippingOption: selected ? options.find((o) => o.id === selected.id)! : null,
    shippingLocation: location,
    applicableTaxRules: taxRule
      ? [
          {
            country: taxRule.country,
            region: taxRule.region ?? null,
            rateBasisPoints: taxRule.rateBasisPoints,
            appliesToShipping: taxRule.appliesToShipping === true,
          },
        ]
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
    installments: inst
      ? {
          provider: inst.provider,
          eligible: isInstallmentEligible(lines.map((l) => ({ productType: l.product.productType }))),
          inRange: isInstallmentInRange(totals.grandTotalCents, inst),
          numInstallments: inst.numInstallments,
          amountCents: installmentAmountCents(totals.grandTotalCents, inst.numInstallments),
        }
      : null,
  };
}
