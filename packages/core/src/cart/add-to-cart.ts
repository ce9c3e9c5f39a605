import { ProductType } from '../enums/product-type.js';
import { count, flag, productTypeOf, variantsOf, type ProductData, type VariantData } from '../product/data.js';
import { QUANTITY_INPUT } from '../product/purchase.js';
import { canSellSubscription } from '../product/subscription.js';
import { CART_MESSAGES, unselectedOptionsMessage } from './messages.js';

/** Stable codes of add-to-cart failures, for the server's 4xx answers and the islands' tests. */
type AddToCartErrorCode =
  | 'OPTIONS_NOT_SELECTED'
  | 'VARIANT_UNAVAILABLE'
  | 'GIFT_CARD_DENOMINATION_REQUIRED'
  | 'QUANTITY_NOT_A_NUMBER'
  | 'QUANTITY_NOT_WHOLE'
  | 'QUANTITY_OUT_OF_RANGE'
  | 'OUT_OF_STOCK'
  | 'SUBSCRIPTION_NOT_ALLOWED';

interface AddToCartError {
  readonly ok: false;
  readonly code: AddToCartErrorCode;
  readonly message: string;
}

export type QuantityResult = { readonly ok: true; readonly quantity: number } | AddToCartError;

const fail = (code: AddToCartErrorCode, message: string): AddToCartError => ({ ok: false, code, message });

/**
 * Reads a quantity as typed (text) or sent (number): not a number -> `Quantity must be a
 * number.`; not whole -> `Quantity must be a whole number.`; outside 1..9999 -> out of range.
 */
export function parseQuantity(raw: unknown): QuantityResult {
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(raw)) n = Number(raw);
  else n = Number.NaN;
  if (!Number.isFinite(n)) return fail('QUANTITY_NOT_A_NUMBER', CART_MESSAGES.quantityNotANumber);
  if (!Number.isInteger(n)) return fail('QUANTITY_NOT_WHOLE', CART_MESSAGES.quantityNotWhole);
  if (n < QUANTITY_INPUT.min || n > QUANTITY_INPUT.max) return fail('QUANTITY_OUT_OF_RANGE', CART_MESSAGES.quantityOutOfRange);
  return { ok: true, quantity: n };
}

/** Stock as the inventory call answers it (`results` entries). */
export interface StockResult {
  readonly unlimited?: unknown;
  readonly qtyInStock?: unknown;
}

/**
 * The stock check of a button that opens a form first (storefront.md section 5): in stock when
 * unlimited or the stock is above the quantity the cart already holds of that item and variant.
 */
export function isInStockForForm(stock: StockResult, quantityInCart: number): boolean {
  return flag(stock.unlimited) || count(stock.qtyInStock) > quantityInCart;
}

/** Enough stock for adding `quantity` more when the cart already holds `quantityInCart`. */
export function hasEnoughStock(stock: StockResult, quantity: number, quantityInCart: number): boolean {
  return flag(stock.unlimited) || count(stock.qtyInStock) >= quantityInCart + quantity;
}

/** The option names of a product, in its variantOptionOrdering, else in its variants' order. */
export function variantOptionNames(product: ProductData & { readonly variantOptionOrdering?: unknown }): string[] {
  if (Array.isArray(product.variantOptionOrdering)) return product.variantOptionOrdering.filter((n): n is string => typeof n === 'string');
  const names: string[] = [];
  for (const v of variantsOf(product)) {
    for (const name of Object.keys(v.attributes ?? {})) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The variant whose attributes equal the chosen options, if any. */
export function findVariant(product: ProductData, chosen: Readonly<Record<string, string>>): VariantData | undefined {
  return variantsOf(product).find((v) => {
    const attributes = v.attributes ?? {};
    const names = Object.keys(attributes);
    return names.length === Object.keys(chosen).filter((k) => chosen[k] !== '').length && names.every((n) => attributes[n] === chosen[n]);
  });
}

export interface AddToCartInput {
  readonly product: ProductData & { readonly variantOptionOrdering?: unknown };
  /** Option name -> chosen value; an empty string is "not chosen". Ignored with `sku`. */
  readonly chosenOptions?: Readonly<Record<string, string>>;
  /** The variant as the API names it; wins over chosenOptions. */
  readonly sku?: string;
  /** As typed or sent; left out means 1 (null is not a number). */
  readonly quantity?: unknown;
  /** How many of this item and variant the cart already holds. */
  readonly quantityInCart?: number;
  /** Adding as a subscription. */
  readonly subscription?: boolean;
}

export type AddToCartResult = { readonly ok: true; readonly variant: VariantData; readonly quantity: number } | AddToCartError;

/**
 * Validates an add to cart, in the order a shopper meets the problems: a subscription of a
 * type that cannot be one; unchosen options (for a gift card, the denomination); no such
 * variant; the quantity; the stock, counting what the cart already holds.
 */
export function validateAddToCart(input: AddToCartInput): AddToCartResult {
  const { product } = input;
  const type = productTypeOf(product);
  if (input.subscription && !canSellSubscription(type)) {
    return fail('SUBSCRIPTION_NOT_ALLOWED', CART_MESSAGES.subscriptionNotAllowed);
  }
  let variant: VariantData | undefined;
  if (input.sku !== undefined) {
    // A gift card's denomination is its variant: no SKU is no denomination chosen.
    if (type === ProductType.GIFT_CARD && input.sku === '') {
      return fail('GIFT_CARD_DENOMINATION_REQUIRED', CART_MESSAGES.giftCardDenominationRequired);
    }
    const variants = variantsOf(product);
    // A product without choices has one variant without attributes: no SKU names it.
    variant =
      input.sku === '' && variants.length === 1 && Object.keys(variants[0].attributes ?? {}).length === 0
        ? variants[0]
        : variants.find((v) => v.sku === input.sku);
  } else {
    const chosen = input.chosenOptions ?? {};
    const missing = variantOptionNames(product).filter((name) => !chosen[name]);
    if (missing.length > 0) {
      return type === ProductType.GIFT_CARD
        ? fail('GIFT_CARD_DENOMINATION_REQUIRED', CART_MESSAGES.giftCardDenominationRequired)
        : fail('OPTIONS_NOT_SELECTED', unselectedOptionsMessage(missing));
    }
    const variants = variantsOf(product);
    variant = variants.length === 1 && Object.keys(variants[0].attributes ?? {}).length === 0 ? variants[0] : findVariant(product, chosen);
  }
  if (!variant) return fail('VARIANT_UNAVAILABLE', CART_MESSAGES.variantUnavailable);
  const quantity = parseQuantity(input.quantity === undefined ? QUANTITY_INPUT.defaultValue : input.quantity);
  if (!quantity.ok) return quantity;
  const stockless = type === ProductType.DIGITAL || type === ProductType.GIFT_CARD || type === ProductType.PAYWALL;
  if (!stockless && !hasEnoughStock(variant, quantity.quantity, input.quantityInCart ?? 0)) {
    return fail('OUT_OF_STOCK', CART_MESSAGES.outOfStock);
  }
  return { ok: true, variant, quantity: quantity.quantity };
}
