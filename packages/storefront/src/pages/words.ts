// The words of the cart, checkout and confirmation pages in the page's language (the site context's
// `language`): @tessera/core's tables, and for the messages the islands share with the product page,
// the page's `localizedStrings` (only the words that differ from English reach the page). Messages
// the server words (an API answer's `message`) are shown as they come.
import { CART_MESSAGES, cartTexts, checkoutChecks, checkoutTexts, pageTexts } from '@tessera/core/cart';
import { EMAIL_FORMAT_EXAMPLE, FORM_MESSAGES, emailNotValidMessage } from '@tessera/core/validation';
import { createContext, useContext } from 'react';
import type { TesseraGlobal } from '../bootstrap.js';

type PageContext = TesseraGlobal['context'];

/** English messages the page's localizedStrings may word otherwise, by their key there. */
const KNOWN_MESSAGES = new Map<string, string>([
  [FORM_MESSAGES.required, 'formRequiredText'],
  [FORM_MESSAGES.characterLimit, 'formCharacterLimitText'],
  [CART_MESSAGES.quantityNotANumber, 'quantityNotANumberText'],
  [CART_MESSAGES.quantityNotWhole, 'quantityNotWholeText'],
  [CART_MESSAGES.quantityOutOfRange, 'quantityOutOfRangeText'],
  [CART_MESSAGES.outOfStock, 'outOfStockText'],
  [CART_MESSAGES.variantUnavailable, 'variantUnavailableText'],
  [CART_MESSAGES.giftCardDenominationRequired, 'giftCardDenominationText'],
  [CART_MESSAGES.sessionExpired, 'sessionExpiredText'],
  [CART_MESSAGES.enableCookies, 'enableCookiesText'],
  [CART_MESSAGES.tryAgainShortly, 'tryAgainShortlyText'],
  [CART_MESSAGES.checkInternetConnection, 'cartCheckConnectionText'],
]);

/** The cart's messages of its own failures, as the page's localizedStrings word them. */
function cartMessages(strings: Readonly<Record<string, string>>) {
  const word = (key: string, english: string) => strings[key] ?? english;
  return {
    unableToUpdateQuantity: word('cartUnableToUpdateQuantityText', CART_MESSAGES.unableToUpdateQuantity),
    unableToUpdateForm: word('cartUnableToUpdateFormText', CART_MESSAGES.unableToUpdateForm),
    unableToOpenForm: word('cartUnableToOpenFormText', CART_MESSAGES.unableToOpenForm),
    unableToRemoveItem: word('cartUnableToRemoveItemText', CART_MESSAGES.unableToRemoveItem),
    checkInternetConnection: word('cartCheckConnectionText', CART_MESSAGES.checkInternetConnection),
    updateMissingInformation: word('cartUpdateMissingInformationText', CART_MESSAGES.updateMissingInformation),
    minimumSubtotal: word('cartMinimumSubtotalText', CART_MESSAGES.minimumSubtotal),
    /**
     * A message of Tessera's own checks or of the server (Required, an invalid email, a quantity, out
     * of stock, ...) in the page's words when the page has them; any other as it is.
     */
    say(message: string): string {
      const key = KNOWN_MESSAGES.get(message);
      const own = key && strings[key];
      if (own) return own;
      const email = strings.formEmailNotValidText;
      return email && message === emailNotValidMessage() ? email.replace('{email}', EMAIL_FORMAT_EXAMPLE) : message;
    },
  };
}

export function cartWords(context: PageContext | undefined) {
  const language = context?.language;
  return { T: cartTexts(language), page: pageTexts(language), M: cartMessages(context?.localizedStrings ?? {}) };
}

export function checkoutWords(context: PageContext | undefined) {
  const language = context?.language;
  return { ...cartWords(context), checkout: checkoutTexts(language), checks: checkoutChecks(language) };
}

export type CartWords = ReturnType<typeof cartWords>;
export type CheckoutWords = ReturnType<typeof checkoutWords>;

export const CartWordsContext = createContext<CartWords>(cartWords(undefined));
export const CheckoutWordsContext = createContext<CheckoutWords>(checkoutWords(undefined));
export const useCartWords = (): CartWords => useContext(CartWordsContext);
export const useCheckoutWords = (): CheckoutWords => useContext(CheckoutWordsContext);
