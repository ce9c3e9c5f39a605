/**
 * The strings themes and the engine's snippets read from `localizedStrings`, per language.
 * Only English so far; other languages fall back to it (the multilingual issue adds more).
 * TODO(core): move these to @tessera/core beside the other messages once it lands.
 */
const EN: Readonly<Record<string, string>> = {
  productAddToCartText: 'Add To Cart',
  productSubscribeText: 'Subscribe',
  productPurchaseText: 'Purchase',
  productSoldOutText: 'sold out',
  productSaleText: 'sale',
  productQuickViewText: 'Quick View',
  productVariantSelectText: 'Select {variantName}',
  productPriceFromText: 'from {fromPrice}',
  productPriceUnavailable: 'Unavailable',
  productQuantityInputText: 'Quantity',
  giftCardVariantSelectText: 'Select Amount',
  giftCardValueDisplayText: '{value} Gift Card',
  restockNotificationButtonText: 'Sign Up',
  restockNotificationCTAText: 'Get notified when this item is back in stock.',
  restockNotificationPlaceholderText: 'Email Address',
  restockNotificationMailingListDescription: 'Sign up to receive news and updates.',
  restockNotificationSuccessText: 'Signed up!',
  cartEmptyText: 'You have nothing in your shopping cart.',
  cartTitleText: 'Shopping Cart',
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

const BY_LANGUAGE: Readonly<Record<string, Readonly<Record<string, string>>>> = { en: EN };

export function localizedStrings(language: string): Readonly<Record<string, string>> {
  return BY_LANGUAGE[language.split('-')[0]!.toLowerCase()] ?? EN;
}
