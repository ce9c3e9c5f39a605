import { ProductType } from '../enums/product-type.js';
import { flag, productTypeOf, type ProductData } from './data.js';
import { totalStock } from './status.js';

/** The quantity input (platform.md section 5, storefront.md section 5). */
export const QUANTITY_INPUT = Object.freeze({
  min: 1,
  max: 9999,
  step: 1,
  defaultValue: 1,
  /** Default label; the page context's `productQuantityInputLabel` localizes it. */
  label: 'Quantity',
});

export interface QuantityInputSettings {
  /** Store setting "multiple quantity for services"; default true. */
  readonly allowMultipleQuantityForServices?: boolean;
}

/**
 * The quantity input is shown for physical products, or services when multiple quantities
 * for services are allowed (default true), only when the product is not subscribable and
 * its total stock is above 1.
 */
export function showQuantityInput(product: ProductData | undefined, settings: QuantityInputSettings = {}): boolean {
  const type = productTypeOf(product);
  const allowServices = settings.allowMultipleQuantityForServices ?? true;
  if (type !== ProductType.PHYSICAL && !(type === ProductType.SERVICE && allowServices)) return false;
  if (flag(product?.isSubscribable)) return false;
  return totalStock(product) > 1;
}

/** Default button labels: the engine's snippet and the storefront's islands differ in case. */
export const ADD_TO_CART_LABELS = Object.freeze({
  /** The engine's add-to-cart-btn default (`productAddToCartText`). */
  snippetDefault: 'Add To Cart',
  /** The storefront's button default. */
  storefrontDefault: 'Add to Cart',
  /** Subscribable items (`productSubscribeText`). */
  subscribe: 'Subscribe',
  /** Express checkout, in the storefront. */
  expressCheckout: 'Purchase',
});

export interface AddToCartLabelOptions {
  /** `snippet` for the engine's add-to-cart-btn, `storefront` for the islands. Default snippet. */
  readonly surface?: 'snippet' | 'storefront';
  /** The button buys at once (storefront only). */
  readonly expressCheckout?: boolean;
  /** The page context's localizedStrings (`productAddToCartText`, `productSubscribeText`). */
  readonly localizedStrings?: Readonly<Record<string, unknown>>;
}

/** The custom label when the product uses one and it is not empty, else undefined. */
function customAddToCartLabel(product: ProductData | undefined): string | undefined {
  const text = product?.customAddButtonText;
  return flag(product?.useCustomAddButtonText) && typeof text === 'string' && text !== '' ? text : undefined;
}

/**
 * The add-to-cart button's label: the custom label when set; else `Subscribe` for a
 * subscribable item; else, in the storefront, `Purchase` for express checkout; else the
 * default (`Add To Cart` in the snippet, `Add to Cart` in the storefront). Localized strings
 * override the defaults, never a custom label.
 */
export function addToCartLabel(product: ProductData | undefined, options: AddToCartLabelOptions = {}): string {
  const custom = customAddToCartLabel(product);
  if (custom !== undefined) return custom;
  const strings = options.localizedStrings ?? {};
  const pick = (key: string, fallback: string): string => {
    const v = strings[key];
    return typeof v === 'string' && v !== '' ? v : fallback;
  };
  if (flag(product?.isSubscribable)) return pick('productSubscribeText', ADD_TO_CART_LABELS.subscribe);
  if (options.surface === 'storefront') {
    if (options.expressCheckout) return pick('productExpressCheckoutText', ADD_TO_CART_LABELS.expressCheckout);
    return pick('storefrontAddToCartText', ADD_TO_CART_LABELS.storefrontDefault);
  }
  return pick('productAddToCartText', ADD_TO_CART_LABELS.snippetDefault);
}

/**
 * The button opens the additional-fields form first when the product names a form and the
 * context carries that form (its definition goes into the button's data-form attribute).
 */
export function usesAdditionalFieldsForm(product: ProductData | undefined): boolean {
  const id = product?.additionalFieldsFormId;
  const form = product?.additionalFieldsForm;
  return typeof id === 'string' && id !== '' && form !== null && typeof form === 'object';
}
