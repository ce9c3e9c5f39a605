import { pageContextStrings } from '@tessera/core';

/**
 * Strings of the server's own pages and of the restock form's messages, beside @tessera/core's
 * strings (the add-to-cart labels, cart and form messages the snippets and islands share).
 * English only so far; the multilingual issue adds translations.
 */
const PAGE_STRINGS: Readonly<Record<string, string>> = {
  restockNotificationButtonText: 'Sign Up',
  restockNotificationCTAText: 'Get notified when this item is back in stock.',
  restockNotificationPlaceholderText: 'Email Address',
  restockNotificationMailingListDescription: 'Sign up to receive news and updates.',
  cartTitleText: 'Shopping Cart',
  cartEmptyText: 'You have nothing in your shopping cart.',
  checkoutTitleText: 'Checkout',
  orderConfirmedTitleText: 'Thank you for your order!',
  searchPlaceholderText: 'Search',
  searchNoResultsText: 'No results found.',
  notFoundTitleText: 'Page Not Found',
  notFoundBodyText: 'We couldn’t find the page you were looking for.',
  errorTitleText: 'Something went wrong',
  errorBodyText: 'Please try again in a few moments.',
  paginationNewerText: 'Newer',
  paginationOlderText: 'Older',
};

const ENGLISH: Readonly<Record<string, string>> = Object.freeze({ ...pageContextStrings(), ...PAGE_STRINGS });

/** `localizedStrings` of the page context for a site language (English for every language so far). */
export function localizedStrings(_language: string): Readonly<Record<string, string>> {
  return ENGLISH;
}
