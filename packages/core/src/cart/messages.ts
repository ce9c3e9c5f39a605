/** Add-to-cart and cart messages, verbatim from storefront.md sections 5 and 8. */
export const CART_MESSAGES = Object.freeze({
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  outOfStock: 'Sorry, we do not have enough of that item available.',
  quantityNotANumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number.',
  giftCardDenominationRequired: 'Select a denomination for the Gift Card.',
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  tryAgainShortly: 'Please try again in a few seconds.',
  unableToUpdateQuantity: 'Unable to update quantity',
  unableToUpdateForm: 'Unable to update form',
  unableToOpenForm: 'Unable to open form',
  unableToRemoveItem: 'Unable to remove item',
  checkInternetConnection: 'Please check your internet connection.',
  updateMissingInformation: 'Update the missing or invalid information above.',
  minimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  // Not worded by the spec; Tessera's own texts for rules it states without a message.
  quantityOutOfRange: 'Quantity must be between 1 and 9999.',
  subscriptionNotAllowed: 'Subscriptions can be sold only for physical and service products.',
});

/** Titles of the add-to-cart error dialog. */
export const ADD_TO_CART_DIALOG_TITLES = Object.freeze({
  default: 'Unable to Add Item',
  expressCheckout: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
});

export type AddToCartKind = 'default' | 'expressCheckout' | 'giftCard';

export function addToCartDialogTitle(kind: AddToCartKind): string {
  return ADD_TO_CART_DIALOG_TITLES[kind];
}

/**
 * What a button does with its item: a gift card goes to the gift-card page, an express-checkout
 * button buys at once, anything else is added to the cart (subscriptions included).
 */
export function addToCartKind(productType: unknown, expressCheckout: boolean): AddToCartKind {
  if (Number(productType) === 4) return 'giftCard';
  return expressCheckout ? 'expressCheckout' : 'default';
}

/**
 * The unselected-options message: "Please select the Size option.", "Please select the Size
 * and Color options.", "Please select the Size, Color and Material options." (the list joined
 * by ", ", the last option after " and ", no comma before it).
 */
export function unselectedOptionsMessage(options: readonly string[]): string {
  if (options.length === 0) throw new RangeError('No unselected options to name');
  if (options.length === 1) return `Please select the ${options[0]} option.`;
  if (options.length === 2) return `Please select the ${options[0]} and ${options[1]} options.`;
  const last = options[options.length - 1];
  return `Please select the ${options.slice(0, -1).join(', ')} and ${last} options.`;
}

/** `To check out, your order subtotal must be {subtotal} or more.` with the formatted minimum. */
export function minimumSubtotalMessage(formattedSubtotal: string): string {
  return CART_MESSAGES.minimumSubtotal.replace('{subtotal}', () => formattedSubtotal);
}

/** An order meets the site's minimum subtotal (minor units; 0 or less means no minimum). */
export function meetsMinimumSubtotal(subtotalCents: number, minimumCents: number): boolean {
  return minimumCents <= 0 || subtotalCents >= minimumCents;
}

export interface CartEntryFailure {
  /** HTTP status of the failed call. */
  readonly status: number;
  /** The answer's body flags a crumb (CSRF) failure. */
  readonly crumbFail?: boolean;
  /** Cookies are enabled in the visitor's browser. */
  readonly cookiesEnabled: boolean;
  /** The server's message, shown otherwise. */
  readonly message?: string;
}

/**
 * The text of a failed cart-entry call: a crumb failure asks to reload (or to enable cookies
 * when they are off: the crumb cookie could not be kept); 429 asks to wait; anything else
 * shows the server's message, or the connection hint when there is none.
 */
export function cartEntryFailureMessage(failure: CartEntryFailure): string {
  if (failure.crumbFail) return failure.cookiesEnabled ? CART_MESSAGES.sessionExpired : CART_MESSAGES.enableCookies;
  if (failure.status === 429) return CART_MESSAGES.tryAgainShortly;
  return failure.message && failure.message.trim() !== '' ? failure.message : CART_MESSAGES.checkInternetConnection;
}

/** The pill cart's count and noun: hidden at 0, "100+" above 100, "item"/"items". */
export interface PillCartLabel {
  readonly hidden: boolean;
  readonly count: string;
  readonly noun: 'item' | 'items';
}

export const CART_COUNT_CAP = 100;

export function pillCartLabel(totalQuantity: number): PillCartLabel {
  const n = Number.isFinite(totalQuantity) && totalQuantity > 0 ? Math.floor(totalQuantity) : 0;
  return {
    hidden: n === 0,
    count: n > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(n),
    noun: n === 1 ? 'item' : 'items',
  };
}
