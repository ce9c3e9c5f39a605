import { ProductType, toProductType } from '../enums/product-type.js';

/**
 * Cart totals, computed in one place (storefront.md section 3 field names) so that the
 * server's stored cart, its answers and the browser's display can never disagree. All amounts
 * are integers in the cart currency's minor units.
 *
 * Rounding: percentages and tax rates are applied with integer arithmetic and rounded half
 * up (half away from zero; amounts are never negative here), once per coupon and once for
 * the tax of the whole order, never per line.
 */
interface CartTotalsEntry {
  readonly quantity: number;
  /** Price of one unit (the variant's sale price when on sale). */
  readonly unitPriceCents: number;
  readonly productType: unknown;
}

export interface CartCoupon {
  readonly code: string;
  /** Percent off the subtotal, 0 < percentOff <= 100 (at most two decimals: 12.5). */
  readonly percentOff?: number;
  /** A fixed amount off, minor units. */
  readonly amountOffCents?: number;
  /** Shipping costs nothing (the coupon's reduction when it has neither percentOff nor amountOffCents). */
  readonly freeShipping?: boolean;
  /** The coupon applies only from this subtotal on. */
  readonly minSubtotalCents?: number;
  /** The coupon applies from this instant on (epoch ms). */
  readonly startsOn?: number;
  /** The coupon applies until this instant, exclusive (epoch ms). */
  readonly endsOn?: number;
  /** How many orders may use the coupon in all; counted by the server when an order is placed. */
  readonly usageLimit?: number;
}

interface CartShippingOption {
  readonly priceCents: number;
  /** Shipping is free when the discounted subtotal reaches this amount. */
  readonly freeOverCents?: number | null;
}

interface CartTaxRule {
  /** Rate in basis points: 887 is 8.87%. */
  readonly rateBasisPoints: number;
  /** The rate also applies to shipping. Default false. */
  readonly appliesToShipping?: boolean;
}

export interface CartTotalsInput {
  readonly entries: readonly CartTotalsEntry[];
  readonly coupons?: readonly CartCoupon[];
  readonly shippingOption?: CartShippingOption | null;
  readonly taxRule?: CartTaxRule | null;
  /** The instant the totals are for (epoch ms): coupons outside their dates do not apply. Absent: dates are not checked. */
  readonly now?: number;
}

export interface CartTotals {
  /** Per entry, in input order: quantity x unit price. */
  readonly entrySubtotalsCents: readonly number[];
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCostCents: number;
  readonly taxCents: number;
  readonly grandTotalCents: number;
  readonly totalQuantity: number;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
  readonly requiresShipping: boolean;
  readonly validCoupons: readonly CartCoupon[];
  readonly invalidCoupons: readonly CartCoupon[];
}

function wholeCents(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative whole number of minor units, got ${value}`);
  }
  return value;
}

/** a * numerator / denominator rounded half up, exactly (BigInt), for non-negative a. */
function mulDivHalfUp(a: number, numerator: number, denominator: number): number {
  const n = BigInt(a) * BigInt(numerator) * 2n + BigInt(denominator);
  const result = n / (BigInt(denominator) * 2n);
  return Number(result);
}

/**
 * A coupon is usable when it has exactly one well-formed reduction (a percentage, an amount, or free
 * shipping), its minimum is met and, when `now` is given, `now` lies within its dates.
 */
export function isCouponApplicable(coupon: CartCoupon, subtotalCents: number, now?: number): boolean {
  const hasPercent = coupon.percentOff !== undefined;
  const hasAmount = coupon.amountOffCents !== undefined;
  const kinds = (hasPercent ? 1 : 0) + (hasAmount ? 1 : 0) + (coupon.freeShipping === true ? 1 : 0);
  if (kinds !== 1) return false;
  if (hasPercent) {
    const hundredths = Math.round(coupon.percentOff! * 100);
    if (!(coupon.percentOff! > 0 && coupon.percentOff! <= 100) || Math.abs(hundredths - coupon.percentOff! * 100) > 1e-6) return false;
  } else if (hasAmount && (!Number.isSafeInteger(coupon.amountOffCents) || coupon.amountOffCents! <= 0)) {
    return false;
  }
  if (now !== undefined && !isCouponInDates(coupon, now)) return false;
  return subtotalCents >= (coupon.minSubtotalCents ?? 0);
}

/** Whether `now` (epoch ms) is on or after the coupon's start and before its end. */
export function isCouponInDates(coupon: Pick<CartCoupon, 'startsOn' | 'endsOn'>, now: number): boolean {
  return (coupon.startsOn === undefined || now >= coupon.startsOn) && (coupon.endsOn === undefined || now < coupon.endsOn);
}

/** Types that need shipping: physical goods only. */
function shipsPhysically(type: ProductType): boolean {
  return type === ProductType.PHYSICAL;
}

/** Types delivered without shipping or an appointment: downloads, gift cards (by mail), paywalls. */
function deliveredDigitally(type: ProductType): boolean {
  return type === ProductType.DIGITAL || type === ProductType.GIFT_CARD || type === ProductType.PAYWALL;
}

/**
 * Computes every total of a cart:
 * - subtotal: the sum of quantity x unit price;
 * - discount: each applicable coupon (percent of the subtotal, or its fixed amount), summed and
 *   capped at the subtotal; coupons that do not apply (or, given `now`, are outside their dates)
 *   are returned as invalid;
 * - shipping: none when nothing requires shipping or no option is chosen; free when the
 *   discounted subtotal reaches the option's free-over amount or a free-shipping coupon applies;
 *   else the option's price;
 * - tax: the rule's basis points of the discounted subtotal (plus shipping when the rule says
 *   so), rounded half up once;
 * - grand total = subtotal - discount + shipping + tax.
 * hasDigital: a digital product is in the cart; purelyDigital: every entry is delivered
 * digitally (digital products, gift cards, paywalls); requiresShipping: a physical product is.
 */
export function computeCartTotals(input: CartTotalsInput): CartTotals {
  const types = input.entries.map((e) => toProductType(e.productType));
  const entrySubtotalsCents = input.entries.map((e, i) => {
    if (!Number.isSafeInteger(e.quantity) || e.quantity < 1)
      throw new RangeError(`Entry ${i} quantity must be a whole number of at least 1, got ${e.quantity}`);
    const subtotal = wholeCents(e.unitPriceCents, `Entry ${i} unit price`) * e.quantity;
    return wholeCents(subtotal, `Entry ${i} subtotal`);
  });
  const subtotalCents = wholeCents(
    entrySubtotalsCents.reduce((a, b) => a + b, 0),
    'Subtotal',
  );
  const totalQuantity = input.entries.reduce((a, e) => a + e.quantity, 0);

  const validCoupons: CartCoupon[] = [];
  const invalidCoupons: CartCoupon[] = [];
  let discount = 0;
  for (const coupon of input.coupons ?? []) {
    if (!isCouponApplicable(coupon, subtotalCents, input.now)) {
      invalidCoupons.push(coupon);
      continue;
    }
    validCoupons.push(coupon);
    if (coupon.percentOff !== undefined) discount += mulDivHalfUp(subtotalCents, Math.round(coupon.percentOff * 100), 10000);
    else if (coupon.amountOffCents !== undefined) discount += coupon.amountOffCents;
  }
  const discountCents = Math.min(discount, subtotalCents);
  const discounted = subtotalCents - discountCents;

  const requiresShipping = types.some(shipsPhysically);
  let shippingCostCents = 0;
  const option = input.shippingOption;
  if (requiresShipping && option) {
    const free =
      validCoupons.some((c) => c.freeShipping === true) ||
      (option.freeOverCents !== undefined && option.freeOverCents !== null && discounted >= option.freeOverCents);
    shippingCostCents = free ? 0 : wholeCents(option.priceCents, 'Shipping price');
  }

  let taxCents = 0;
  const rule = input.taxRule;
  if (rule) {
    if (!Number.isSafeInteger(rule.rateBasisPoints) || rule.rateBasisPoints < 0) {
      throw new RangeError(`Tax rate must be a non-negative whole number of basis points, got ${rule.rateBasisPoints}`);
    }
    const base = discounted + (rule.appliesToShipping ? shippingCostCents : 0);
    taxCents = mulDivHalfUp(base, rule.rateBasisPoints, 10000);
  }

  const grandTotalCents = wholeCents(discounted + shippingCostCents + taxCents, 'Grand total');
  return {
    entrySubtotalsCents,
    subtotalCents,
    discountCents,
    shippingCostCents,
    taxCents,
    grandTotalCents,
    totalQuantity,
    hasDigital: types.includes(ProductType.DIGITAL),
    purelyDigital: types.length > 0 && types.every(deliveredDigitally),
    requiresShipping,
    validCoupons,
    invalidCoupons,
  };
}

export interface TaxRuleForLocation extends CartTaxRule {
  readonly country: string;
  /** A region (state, province); a rule without one covers the whole country. */
  readonly region?: string;
}

/**
 * The tax rule for a shipping location: the rule for its country and region if any, else the
 * country-wide rule, else null.
 */
export function taxRuleFor<R extends TaxRuleForLocation>(
  rules: readonly R[],
  location: { readonly country?: string; readonly region?: string } | null | undefined,
): R | null {
  if (!location?.country) return null;
  const country = location.country.toUpperCase();
  const region = location.region?.toUpperCase();
  const inCountry = rules.filter((r) => r.country.toUpperCase() === country);
  return (
    inCountry.find((r) => r.region !== undefined && r.region.toUpperCase() === region) ??
    inCountry.find((r) => r.region === undefined || r.region === '') ??
    null
  );
}
