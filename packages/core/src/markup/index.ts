/**
 * The markup contract: class and data-attribute names that the engine's built-in snippets
 * write and the storefront's islands look for. Names taken from the snippets' expected
 * outputs in the format's case files are facts of the format; the others (cart indicator,
 * installment badge, form markers) are Tessera's own and marked so.
 */

/** `data-item-id` -> `itemId`, the key of the attribute in an element's `dataset`. */
export function datasetKey(attribute: string): string {
  if (!attribute.startsWith('data-')) throw new RangeError(`Not a data attribute: ${attribute}`);
  return attribute.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `[data-name]`, or `[data-name="value"]` with a value (quotes and backslashes escaped). */
export function attributeSelector(attribute: string, value?: string): string {
  return value === undefined ? `[${attribute}]` : `[${attribute}="${value.replace(/["\\]/g, '\\$&')}"]`;
}

/** Attributes several snippets share. */
export const COMMON_ATTRIBUTES = Object.freeze({
  itemId: 'data-item-id',
  animationRole: 'data-animation-role',
});

export const ADD_TO_CART_BUTTON = Object.freeze({
  wrapperClass: 'sqs-add-to-cart-button-wrapper',
  buttonClass: 'sqs-add-to-cart-button',
  innerClass: 'sqs-add-to-cart-button-inner',
  /** On the button when it opens the additional-fields form first. */
  useFormClass: 'use-form',
  /** Further classes the snippet writes on the button, for the editor and the theme. */
  buttonExtraClasses: Object.freeze(['sqs-suppress-edit-mode', 'sqs-editable-button', 'sqs-button-element--primary'] as const),
  attributes: Object.freeze({
    itemId: 'data-item-id',
    collectionId: 'data-collection-id',
    productType: 'data-product-type',
    useCustomLabel: 'data-use-custom-label',
    originalLabel: 'data-original-label',
    /** The additional-fields form definition, as JSON. */
    form: 'data-form',
    isSubscription: 'data-is-subscription',
    subscriptionOptionId: 'data-subscription-option-id',
    /** Marks a label the islands may replace with a localized one. */
    dynamicStrings: 'data-dynamic-strings',
    animationRole: 'data-animation-role',
  }),
  /** Tessera's own: the button buys at once (express checkout). */
  expressCheckoutAttribute: 'data-express-checkout',
});

export const PRODUCT_VARIANTS = Object.freeze({
  class: 'product-variants',
  optionClass: 'variant-option',
  optionTitleClass: 'variant-option-title',
  selectWrapperClass: 'variant-select-wrapper',
  radioWrapperClass: 'variant-radiobtn-wrapper',
  radioClass: 'variant-radiobtn',
  radioLabelClass: 'sqs-button-element--secondary',
  /** Radio inputs are named `variant-option-{option name}`; ids add `-{value}`. */
  radioNamePrefix: 'variant-option-',
  attributes: Object.freeze({
    itemId: 'data-item-id',
    /** The variants' attributes, as JSON. */
    variants: 'data-variants',
    optionName: 'data-variant-option-name',
    isSubscribable: 'data-is-subscribable',
    subscriptionPlan: 'data-subscription-plan',
  }),
  /** The product block's event when the chosen variant changes (Tessera's own): see VariantChangeDetail. */
  changeEvent: 'tessera:variant-change',
});

/**
 * The detail of `tessera:variant-change`, dispatched (bubbling) on the product's `.product-variants`
 * element whenever the visitor's choice changes: the product's item id and the variant the choice
 * names, or null while an option is still unselected (or the combination does not exist).
 */
export interface VariantChangeDetail {
  readonly itemId: string;
  readonly variant: { readonly id: string; readonly sku?: string; readonly attributes?: Readonly<Record<string, string>> } | null;
}

export const QUANTITY_INPUT_MARKUP = Object.freeze({
  class: 'product-quantity-input',
  labelClass: 'quantity-label',
  attributes: Object.freeze({ itemId: 'data-item-id' }),
});

export const PRODUCT_PRICE = Object.freeze({
  class: 'product-price',
  subscriptionPriceClass: 'subscription-price',
  moneyClass: 'sqs-money-native',
  originalPriceClass: 'original-price',
  visuallyHiddenClass: 'visually-hidden v6-visually-hidden',
});

export const PRODUCT_MARK = Object.freeze({
  class: 'product-mark',
  soldOutClass: 'sold-out',
  saleClass: 'sale',
});

export const RESTOCK_NOTIFICATION = Object.freeze({
  class: 'product-restock-notification',
  ctaClass: 'product-restock-cta',
  formClass: 'product-restock-form',
  mailingListClass: 'product-restock-mailing-list',
  emailInputName: 'email',
  mailingListInputName: 'isJoinMailingList',
  submitClass: 'sqs-editable-button',
  // Tessera's own: what the restock island adds.
  /** The success text that replaces the form (role status). */
  successClass: 'product-restock-success',
  /** The server's (or the rule's) message after a failed signup (role alert). */
  errorClass: 'product-restock-error',
  attributes: Object.freeze({
    productId: 'data-product-id',
    variantId: 'data-variant-id',
  }),
});

/**
 * Tessera's own: product reviews. The product page's reviews section (`[data-tessera-island=
 * "product-reviews"]`) holds a tab (`[data-reviews-tab]`) and the title area an anchor to it
 * (`[data-reviews-anchor]`); their clicks go to the storefront's event bus. The review-request page
 * (page type 209) holds one `form.review-form[data-item-id]` per product of the order.
 */
export const PRODUCT_REVIEWS = Object.freeze({
  island: 'product-reviews',
  requestIsland: 'review-request',
  class: 'product-reviews',
  formClass: 'review-form',
  reviewedClass: 'review-form--done',
  attributes: Object.freeze({
    itemId: 'data-item-id',
    tab: 'data-reviews-tab',
    anchor: 'data-reviews-anchor',
    token: 'data-token',
    /** Set by the review-request island on its container once its forms submit through the API. */
    ready: 'data-ready',
  }),
  /** The storefront event bus names (storefront.md section 7: reviews tab and anchor clicks). */
  tabClickEvent: 'reviews-tab-click',
  anchorClickEvent: 'reviews-anchor-click',
});

export const CAPTCHA_CONTAINER_CLASS = 'captcha-container';

export const PRODUCT_SCARCITY = Object.freeze({
  class: 'product-scarcity',
  attributes: Object.freeze({ variantAttributes: 'data-variant-attributes' }),
});

export const QUICK_VIEW = Object.freeze({
  class: 'sqs-product-quick-view-button',
  attributes: Object.freeze({ id: 'data-id', group: 'data-group' }),
});

export const CART_INDICATOR = Object.freeze({
  /** The count the engine's cart-quantity snippet writes. */
  quantityClass: 'sqs-cart-quantity',
  // Tessera's own names below.
  class: 'cart-indicator',
  subtotalClass: 'cart-subtotal',
  /** The empty-cart marker, present while the count is 0. */
  emptyClass: 'cart-empty',
  pillClass: 'pill-cart',
  pillVisibleClass: 'pill-cart--visible',
});

/** Tessera's own: the installment badge and its information button. */
export const INSTALLMENT_BADGE = Object.freeze({
  class: 'installment-badge',
  infoButtonClass: 'installment-badge-info',
  attributes: Object.freeze({
    itemId: 'data-item-id',
    productType: 'data-product-type',
    priceCents: 'data-price-cents',
    currency: 'data-currency',
  }),
});

/** Tessera's own: site forms and the cart's additional-fields forms. */
export const FORM_MARKERS = Object.freeze({
  class: 'tessera-form',
  fieldClass: 'form-field',
  fieldErrorClass: 'field-error',
  problemBannerAboveClass: 'form-problems-above',
  problemBannerBelowClass: 'form-problems-below',
  submitButtonClass: 'form-submit-button',
  submittingClass: 'form-submit-button--submitting',
  textareaCounterClass: 'textarea-counter',
  textareaCounterErrorClass: 'textarea-counter--error',
  successClass: 'form-submission-text',
  honeypotName: 'website_url',
  attributes: Object.freeze({
    formId: 'data-form-id',
    fieldId: 'data-field-id',
    fieldType: 'data-field-type',
    required: 'data-required',
    newsletter: 'data-newsletter',
    captcha: 'data-captcha',
    successRedirect: 'data-success-redirect',
  }),
});

/**
 * Tessera's own: the window events a site form dispatches (`window.dispatchEvent(new CustomEvent(...))`).
 * `success` on every successful submission, detail { formId, newsletter }; `track` carries a
 * visitor event for the trackers, detail { name, payload } (a newsletter signup tracks
 * `subscribe-newsletter` with { formId }).
 */
export const FORM_EVENTS = Object.freeze({
  success: 'tessera:form-success',
  track: 'tessera:track',
  subscribeNewsletter: 'subscribe-newsletter',
});

export const LIKE_BUTTON = Object.freeze({
  class: 'sqs-simple-like',
  iconClass: 'like-icon',
  countClass: 'like-count',
  attributes: Object.freeze({ itemId: 'data-item-id', likeCount: 'data-like-count' }),
});

export const COMMENTS = Object.freeze({
  class: 'squarespace-comments',
  linkClass: 'sqs-comment-link',
  attributes: Object.freeze({
    itemId: 'data-item-id',
    publicCommentCount: 'data-public-comment-count',
    commentState: 'data-comment-state',
    id: 'data-id',
  }),
});

export const TIMESINCE = Object.freeze({ class: 'timesince', attributes: Object.freeze({ date: 'data-date' }) });
