import { ProductType, toProductType } from '../enums/product-type.js';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '../money/currencies.js';
import { fromMoneyValue } from '../money/money.js';

/**
 * The product fields the rules read, as they appear in a product item's `structuredContent`
 * (platform.md section 3). Fields are loosely typed on purpose: the same rules run on the
 * page context in the engine, on the site context in the browser and on stored rows on the
 * server, and site data may hold "1" where a number is meant or "true" for a boolean.
 */
export interface VariantData {
  readonly sku?: string;
  readonly attributes?: Readonly<Record<string, string>>;
  /** Minor units. */
  readonly price?: unknown;
  /** Minor units. */
  readonly salePrice?: unknown;
  readonly priceMoney?: unknown;
  readonly salePriceMoney?: unknown;
  readonly onSale?: unknown;
  readonly unlimited?: unknown;
  readonly qtyInStock?: unknown;
  readonly pricingOptions?: readonly PricingOptionData[];
}

export interface PricingOptionData {
  readonly price?: unknown;
  readonly salePrice?: unknown;
  readonly priceMoney?: unknown;
  readonly salePriceMoney?: unknown;
  readonly onSale?: unknown;
  readonly subscriptionPlan?: unknown;
}

export interface ProductData {
  readonly productType?: unknown;
  readonly variants?: readonly VariantData[];
  /** Digital products carry their price on the product itself. */
  readonly priceMoney?: unknown;
  readonly salePriceMoney?: unknown;
  readonly onSale?: unknown;
  readonly isSubscribable?: unknown;
  readonly subscriptionPlan?: unknown;
  readonly useCustomAddButtonText?: unknown;
  readonly customAddButtonText?: unknown;
  readonly additionalFieldsFormId?: unknown;
  readonly additionalFieldsForm?: unknown;
}

/** A flag of site data: true, "true" or a non-zero number. */
export function flag(value: unknown): boolean {
  return value === true || value === 'true' || (typeof value === 'number' && value !== 0 && !Number.isNaN(value));
}

/** A count of site data (stock): a finite number or numeric string, else 0. */
export function count(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

export function productTypeOf(product: ProductData | undefined): ProductType {
  return toProductType(product?.productType);
}

export function variantsOf(product: ProductData | undefined): readonly VariantData[] {
  return Array.isArray(product?.variants) ? product.variants : [];
}

/** Types whose price lives on the product, not on variants. */
export function pricedOnProduct(type: ProductType): boolean {
  return type === ProductType.DIGITAL || type === ProductType.PAYWALL;
}

/** Types whose price lives on variants. */
export function pricedOnVariants(type: ProductType): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE || type === ProductType.GIFT_CARD;
}

/**
 * Minor units of a money field, falling back to the integer minor-unit field beside it
 * (`priceMoney` then `price`), else 0.
 */
export function centsOf(money: unknown, minorUnits: unknown, currency: CurrencyCode = DEFAULT_CURRENCY): number {
  const m = fromMoneyValue(money, currency);
  if (m) return m.cents;
  const n = typeof minorUnits === 'string' && minorUnits.trim() !== '' ? Number(minorUnits) : minorUnits;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : 0;
}

/** The currency of the first money field found on the product, else USD. */
export function currencyOf(product: ProductData | undefined): CurrencyCode {
  const candidates: unknown[] = [product?.priceMoney, ...variantsOf(product).map((v) => v.priceMoney)];
  for (const c of candidates) {
    if (c && typeof c === 'object') {
      const code = (c as Record<string, unknown>).currency ?? (c as Record<string, unknown>).currencyCode;
      if (isCurrencyCode(code)) return code;
    }
  }
  return DEFAULT_CURRENCY;
}
