import { ADD_TO_CART_DIALOG_TITLES, CART_MESSAGES } from '../cart/messages.js';
import { STOREFRONT_TEXTS } from '../cart/texts.js';
import { LIKERT_LABELS, EMPTY_FORM_ANSWER } from '../format/labels.js';
import { INSTALLMENT_TEXT } from '../product/installments.js';
import { PRODUCT_PRICE_TEXT } from '../product/price-view.js';
import { ADD_TO_CART_LABELS, QUANTITY_INPUT } from '../product/purchase.js';
import { PRODUCT_STATUS_TEXT } from '../product/status.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES } from '../validation/messages.js';

/**
 * Tessera's English strings for the storefront and the engine's snippets, keyed. The server
 * puts them (or a site language's translation) into the page context's `localizedStrings`;
 * the snippets and the islands read the same keys. The keys the engine's snippets read
 * (`productAddToCartText`, `productSubscribeText`, ...) are those of the page-context format.
 */
export const DEFAULT_STRINGS = Object.freeze({
  // Read by the engine's snippets.
  productAddToCartText: ADD_TO_CART_LABELS.snippetDefault,
  productSubscribeText: ADD_TO_CART_LABELS.subscribe,
  productQuickViewText: 'Quick View',
  productVariantSelectText: 'Select {variantName}',
  giftCardVariantSelectText: 'Select {variantName}',
  productPriceFromText: PRODUCT_PRICE_TEXT.productPriceFromText,
  productPriceUnavailable: PRODUCT_PRICE_TEXT.productPriceUnavailable,
  salePriceText: PRODUCT_PRICE_TEXT.salePriceText,
  originalPriceText: PRODUCT_PRICE_TEXT.originalPriceText,
  productSoldOutText: PRODUCT_STATUS_TEXT['sold-out'],
  productSaleText: PRODUCT_STATUS_TEXT.sale,
  productQuantityInputLabel: QUANTITY_INPUT.label,
  formEmptyAnswerText: EMPTY_FORM_ANSWER,

  // Add-to-cart button in the storefront.
  storefrontAddToCartText: ADD_TO_CART_LABELS.storefrontDefault,
  productExpressCheckoutText: ADD_TO_CART_LABELS.expressCheckout,
  addToCartAddingText: STOREFRONT_TEXTS.adding,
  addToCartAddedText: STOREFRONT_TEXTS.added,
  viewCartText: STOREFRONT_TEXTS.viewCart,
  addToCartDialogTitle: ADD_TO_CART_DIALOG_TITLES.default,
  expressCheckoutDialogTitle: ADD_TO_CART_DIALOG_TITLES.expressCheckout,
  giftCardDialogTitle: ADD_TO_CART_DIALOG_TITLES.giftCard,
  variantUnavailableText: CART_MESSAGES.variantUnavailable,
  outOfStockText: CART_MESSAGES.outOfStock,
  quantityNotANumberText: CART_MESSAGES.quantityNotANumber,
  quantityNotWholeText: CART_MESSAGES.quantityNotWhole,
  quantityOutOfRangeText: CART_MESSAGES.quantityOutOfRange,
  giftCardDenominationText: CART_MESSAGES.giftCardDenominationRequired,
  selectOneOptionText: 'Please select the {option} option.',
  selectTwoOptionsText: 'Please select the {option1} and {option2} options.',
  selectManyOptionsText: 'Please select the {optionsList} and {lastOption} options.',
  sessionExpiredText: CART_MESSAGES.sessionExpired,
  enableCookiesText: CART_MESSAGES.enableCookies,
  tryAgainShortlyText: CART_MESSAGES.tryAgainShortly,

  // Cart.
  cartItemText: 'item',
  cartItemsText: 'items',
  cartUnableToUpdateQuantityText: CART_MESSAGES.unableToUpdateQuantity,
  cartUnableToUpdateFormText: CART_MESSAGES.unableToUpdateForm,
  cartUnableToOpenFormText: CART_MESSAGES.unableToOpenForm,
  cartUnableToRemoveItemText: CART_MESSAGES.unableToRemoveItem,
  cartCheckConnectionText: CART_MESSAGES.checkInternetConnection,
  cartUpdateMissingInformationText: CART_MESSAGES.updateMissingInformation,
  cartMinimumSubtotalText: CART_MESSAGES.minimumSubtotal,
  formSavingText: FORM_MESSAGES.saving,

  // Installment badge.
  installmentsInRangeText: INSTALLMENT_TEXT.inRange,
  installmentsUpToText: INSTALLMENT_TEXT.upTo,
  installmentsOverText: INSTALLMENT_TEXT.over,
  installmentsWithProviderText: STOREFRONT_TEXTS.installmentProvider,
  installmentsInfoText: STOREFRONT_TEXTS.installmentInfo,
  installmentsDialogTitleText: STOREFRONT_TEXTS.installmentDialogTitle,

  // Site forms.
  formSubmittingText: FORM_MESSAGES.submitting,
  formRequiredText: FORM_MESSAGES.required,
  formEmailNotValidText: FORM_MESSAGES.emailNotValid,
  formCharacterLimitText: FORM_MESSAGES.characterLimit,
  formFieldsInvalidText: FORM_MESSAGES.fieldsInvalid,
  formCaptchaRequiredText: FORM_MESSAGES.captchaRequired,
  formProcessingErrorText: FORM_MESSAGES.processingError,
  formUnknownErrorText: FORM_MESSAGES.unknownError,
  formSubmissionKeyFailedText: FORM_MESSAGES.submissionKeyFailed,
  formParseFieldsFailedText: FORM_MESSAGES.parseFieldsFailed,
  formProblemAboveText: FORM_MESSAGES.problemAbove,
  formProblemBelowText: FORM_MESSAGES.problemBelow,
  formUnauthorizedText: FORM_MESSAGES.status401,
  formNotConfiguredText: FORM_MESSAGES.status404,
  formRateLimitedText: FORM_MESSAGES.status429,
  formSendFailedText: FORM_MESSAGES.status500,

  // Restock notifications.
  restockEmailBlankText: RESTOCK_MESSAGES.emailBlank,
  restockEmailInvalidText: RESTOCK_MESSAGES.emailInvalid,
  restockCaptchaRequiredText: RESTOCK_MESSAGES.captchaRequired,
  restockNotificationsSuccessText: RESTOCK_MESSAGES.signedUp,

  // Likert answers.
  likertStronglyDisagreeText: LIKERT_LABELS['-2'],
  likertDisagreeText: LIKERT_LABELS['-1'],
  likertNeutralText: LIKERT_LABELS['0'],
  likertAgreeText: LIKERT_LABELS['1'],
  likertStronglyAgreeText: LIKERT_LABELS['2'],

  // General.
  unableToLoadResultsText: 'Unable to load results',
  unableToLoadText: 'Unable to load. Try again.',
  somethingWentWrongText: 'Something went wrong',
  networkErrorText: 'Network error',
  unableToConnectText: 'Unable to connect. Please try again',
});

export type StringKey = keyof typeof DEFAULT_STRINGS;

/** Subscription price texts are keyed per plan shape (see subscriptionPriceKey). */
const SUBSCRIPTION_PRICE_KEY = /^productPrice__(singlePrice|multiplePrices)__[1n](Weekly|Monthly|Yearly)__(indefinite|limited__[1n](Weeks|Months|Years))$/;

/**
 * The strings for a page context: the defaults with the site's translations laid over them.
 * Only string values are taken, and only for keys Tessera knows: those above and the
 * subscription price keys.
 */
export function pageContextStrings(overrides: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  const out: Record<string, string> = { ...DEFAULT_STRINGS };
  for (const [key, v] of Object.entries(overrides)) {
    if (typeof v !== 'string') continue;
    if (Object.hasOwn(DEFAULT_STRINGS, key) || SUBSCRIPTION_PRICE_KEY.test(key)) out[key] = v;
  }
  return out;
}

export * from './languages.js';

import { FR_FR_STRINGS } from './fr-FR.js';
import { siteLanguage } from './languages.js';

/** Tessera's own translations of DEFAULT_STRINGS, per language tag (others fall back to English). */
const TRANSLATIONS: Readonly<Record<string, Readonly<Partial<Record<StringKey, string>>>>> = Object.freeze({
  'fr-FR': FR_FR_STRINGS,
  'fr-CA': FR_FR_STRINGS,
});

/**
 * The storefront strings for a language: Tessera's translation of it (the exact tag, else the
 * same language of another region), then the site's own overrides, over the English defaults.
 */
export function stringsForLanguage(language: string, overrides: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  const code = siteLanguage(language)?.code ?? language;
  const base = code.split('-')[0]!.toLowerCase();
  const own = TRANSLATIONS[code] ?? Object.entries(TRANSLATIONS).find(([tag]) => tag.split('-')[0]!.toLowerCase() === base)?.[1] ?? {};
  return pageContextStrings({ ...own, ...overrides });
}
