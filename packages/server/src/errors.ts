/**
 * The one registry of error codes: each stable code has its HTTP status and its message (the
 * spec's exact text where it gives one). Every code is documented in docs/errors.md; a test fails
 * when one is missing there. Errors answer the shape of `ErrorBody`, never a stack trace.
 */
import {
  ACCOUNT_MESSAGES,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  EDITOR_VALIDATION_MESSAGES,
  FILE_MESSAGES,
  RESTOCK_MESSAGES,
  REVIEW_MESSAGES,
} from '@tessera/core';

export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, message: 'One or more fields is invalid, please check your entries.' },
  QUERY_TOO_COMPLEX: { status: 400, message: 'The query string is too large or too deeply nested.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  CRUMB_FAIL: { status: 403, message: 'The session crumb is missing or does not match. Reload the page and try again.' },
  CROSS_SITE_REQUEST: { status: 403, message: 'This request came from another site and was refused.' },
  FORBIDDEN: { status: 403, message: 'This is not allowed.' },
  BODY_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply.' },
  OWNER_SIGN_IN_FAILED: { status: 401, message: 'The email or password is incorrect.' },
  OWNER_SIGN_IN_REQUIRED: { status: 401, message: "Sign in as the site's owner to continue." },
  PERMISSION_DENIED: { status: 403, message: 'You do not have permission to do this.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body has a content type this endpoint does not accept.' },
  RATE_LIMITED: { status: 429, message: 'Please try again in a few seconds.' },
  // Commerce: the spec's messages from @tessera/core where it words them (docs/commerce-api.md).
  ITEM_UNAVAILABLE: { status: 404, message: CHECKOUT_MESSAGES.itemUnavailable },
  VARIANT_UNAVAILABLE: { status: 400, message: CART_MESSAGES.variantUnavailable },
  OUT_OF_STOCK: { status: 409, message: CART_MESSAGES.outOfStock },
  QUANTITY_NOT_A_NUMBER: { status: 400, message: CART_MESSAGES.quantityNotANumber },
  QUANTITY_NOT_WHOLE: { status: 400, message: CART_MESSAGES.quantityNotWhole },
  QUANTITY_OUT_OF_RANGE: { status: 400, message: CART_MESSAGES.quantityOutOfRange },
  GIFT_CARD_DENOMINATION_REQUIRED: { status: 400, message: CART_MESSAGES.giftCardDenominationRequired },
  SUBSCRIPTION_NOT_ALLOWED: { status: 400, message: CART_MESSAGES.subscriptionNotAllowed },
  NOT_SUBSCRIBABLE: { status: 400, message: CHECKOUT_MESSAGES.notSubscribable },
  MINIMUM_SUBTOTAL: { status: 400, message: CART_MESSAGES.minimumSubtotal },
  INVALID_COUPON: { status: 400, message: CHECKOUT_MESSAGES.invalidCoupon },
  COUPON_USAGE_LIMIT: { status: 409, message: CHECKOUT_MESSAGES.couponUsageLimit },
  SHIPPING_OPTION_UNAVAILABLE: { status: 400, message: CHECKOUT_MESSAGES.shippingOptionRequired },
  CART_EMPTY: { status: 400, message: CHECKOUT_MESSAGES.cartEmpty },
  CART_NOT_FOUND: { status: 404, message: 'This cart does not exist.' },
  CART_PURCHASED: { status: 409, message: CHECKOUT_MESSAGES.cartPurchased },
  ENTRY_NOT_FOUND: { status: 404, message: 'That item is no longer in the cart.' },
  GIFT_CARD_INVALID: { status: 400, message: CHECKOUT_MESSAGES.giftCardInvalid },
  GIFT_CARD_EMPTY: { status: 400, message: CHECKOUT_MESSAGES.giftCardEmpty },
  DONATION_AMOUNT_INVALID: { status: 400, message: CHECKOUT_MESSAGES.donationAmount },
  PAYMENT_METHOD_UNAVAILABLE: { status: 400, message: 'That payment method is not available.' },
  PAYMENT_DECLINED: { status: 402, message: CHECKOUT_MESSAGES.paymentDeclined },
  PAYMENT_FAILED: { status: 502, message: 'The payment could not be processed. Please try again.' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, message: 'Placing an order needs an Idempotency-Key header of 8 to 200 characters.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This Idempotency-Key was already used for a different request.' },
  STRIPE_SIGNATURE_INVALID: {
    status: 400,
    message: "The Stripe-Signature header is missing, too old, or does not match this site's webhook signing secret.",
  },
  CHECKOUT_IN_PROGRESS: { status: 409, message: 'This order is still being placed. Please try again in a moment.' },
  DOWNLOAD_EXPIRED: { status: 410, message: 'This download link has expired.' },
  ORDER_NOT_PENDING: { status: 409, message: 'This order is not awaiting payment: it was paid or canceled already.' },
  ORDER_HOLD_EXPIRED: { status: 409, message: 'This order was held until its payment was due; it can no longer be paid.' },
  ORDER_CHANGED: { status: 409, message: 'This order was changed by someone else at the same time. Reload it to see what changed.' },
  ORDER_NOT_PAID: { status: 409, message: 'This order is not paid: only a paid order can be fulfilled or refunded.' },
  ORDER_ALREADY_FULFILLED: { status: 409, message: 'These items were fulfilled already.' },
  FULFILL_QUANTITY_INVALID: { status: 400, message: 'Choose a quantity of each item between 1 and what is left to fulfil.' },
  ORDER_NOT_CANCELABLE: { status: 409, message: 'This order can no longer be canceled: it was fulfilled, refunded or canceled already.' },
  REFUND_INVALID: { status: 400, message: 'Choose the items or the amount to refund.' },
  REFUND_TOO_LARGE: { status: 409, message: 'A refund cannot be more than what is left of the payment.' },
  STORE_SETTINGS_CHANGED: {
    status: 409,
    message: 'Someone else saved the store settings after you opened them. Reload the page to see their changes, then make yours again.',
  },
  // The owner's products (docs/owner-api.md "Products").
  PRODUCT_CHANGED: {
    status: 409,
    message: 'Someone else saved this product since you opened it. Reload it to see their changes; yours are not saved.',
  },
  // A page's content in the editor (docs/owner-api.md "Page content"): the conflict's message is
  // filled with the other editor's name and the time of their save where it is raised.
  DRAFT_CONFLICT: {
    status: 409,
    message: 'Someone saved a newer version of this page. Reload it to see their changes; yours are kept in this window.',
  },
  CODE_EDITING_FORBIDDEN: {
    status: 403,
    message: 'Your role cannot add, change or remove code blocks: ask an admin or a website manager. You may still move them.',
  },
  // The owner's stock adjustments (docs/owner-api.md "Inventory").
  STOCK_INSUFFICIENT: { status: 409, message: 'This change would leave less than 0 in stock.' },
  // The owner's staff: invitations, roles, the owner's password reset by mail (docs/owner-api.md "Staff").
  STAFF_ACCOUNT_EXISTS: { status: 409, message: 'This email already has an account on this site: change its role on the staff page instead.' },
  STAFF_LAST_ADMIN: { status: 409, message: 'The site needs at least one admin: make another account admin first.' },
  STAFF_REMOVE_SELF: { status: 409, message: 'You cannot remove your own account: another admin can.' },
  OWNER_LINK_INVALID: { status: 400, message: 'This link is not valid or has expired. Ask for a new one.' },
  CUSTOMER_HAS_NO_ACCOUNT: {
    status: 409,
    message: 'This customer has no account on the site (they ordered as a guest): memberships, password resets and sign-outs need one.',
  },
  SUBSCRIPTION_PROVIDER_UNSUPPORTED: { status: 400, message: 'This payment method cannot pay for a subscription: choose a card.' },
  SUBSCRIPTION_LINK_INVALID: { status: 404, message: 'This subscription link is not valid.' },
  SUBSCRIPTION_NOT_CHANGEABLE: { status: 409, message: 'This subscription cannot be changed that way now: it was paused, canceled or ended already.' },
  PAYMENT_METHOD_NOT_SAVED: { status: 400, message: 'This payment method cannot be kept for renewals here.' },
  PAYMENT_METHOD_NOT_CONFIRMED: { status: 409, message: 'Your card is not confirmed yet. Try again, or use another card.' },
  INTERNAL: { status: 500, message: 'Something went wrong.' },
  UNAVAILABLE: { status: 503, message: 'The service is not available right now.' },
  // Site forms, captcha and the mailing list: statuses and texts of the spec's form messages.
  FORM_NOT_FOUND: { status: 404, message: 'This form has not been configured yet.' },
  FORM_PARSE_FAILED: { status: 400, message: 'Could not parse the form fields, please check your entries.' },
  SUBMISSION_KEY_INVALID: { status: 401, message: 'Unable to submit form. Please try again later.' },
  FORM_RATE_LIMITED: { status: 429, message: 'Unable to submit form. Submission rate limit exceeded. Please try again later.' },
  CAPTCHA_REQUIRED: { status: 400, message: 'Complete CAPTCHA before submitting.' },
  CAPTCHA_INVALID: { status: 400, message: 'The CAPTCHA has expired or was already used. Complete CAPTCHA before submitting.' },
  TEMPLATE_SCHEMA_UNKNOWN: { status: 404, message: 'There is no template schema of this type.' },
  MAILING_LIST_TOKEN_INVALID: { status: 400, message: 'This link is not valid or has expired.' },
  FORM_SETTINGS_CHANGED: {
    status: 409,
    message: "Someone else changed this form's settings after you opened them. Reload the page to see their changes, then make yours again.",
  },
  FORM_CONFLICT: {
    status: 409,
    message: 'Someone else saved this form after you opened it. Reload it to see their changes; yours are kept in this window until you do.',
  },
  FORM_IN_USE: { status: 409, message: 'This form is still shown on the site: take it off its pages first, or delete it anyway.' },
  FORM_NOT_DELETABLE: { status: 409, message: "The newsletter form cannot be deleted: the site's signups use it." },
  // Restock notifications and product reviews: the spec's restock messages from @tessera/core.
  RESTOCK_EMAIL_BLANK: { status: 400, message: RESTOCK_MESSAGES.emailBlank },
  RESTOCK_EMAIL_INVALID: { status: 400, message: RESTOCK_MESSAGES.emailInvalid },
  RESTOCK_NOT_AVAILABLE: { status: 404, message: 'Restock notifications are not available for this item.' },
  RESTOCK_IN_STOCK: { status: 409, message: 'This item is in stock: it can be added to the cart now.' },
  RESTOCK_RATE_LIMITED: { status: 429, message: 'Too many sign-ups. Please try again later.' },
  RESTOCK_OUT_OF_STOCK: { status: 409, message: 'This variant is still out of stock: restock it before notifying the visitors waiting for it.' },
  CURSOR_INVALID: { status: 400, message: 'The cursor is not valid: start again from the first page.' },
  REVIEWS_NOT_ENABLED: { status: 404, message: 'Product reviews are not enabled on this site.' },
  REVIEW_LINK_INVALID: { status: 404, message: 'This review link is not valid.' },
  REVIEW_PRODUCT_NOT_IN_ORDER: { status: 400, message: 'This product is not part of the order.' },
  REVIEW_ALREADY_SUBMITTED: { status: 409, message: REVIEW_MESSAGES.alreadyReviewed },
  // Comments and likes on posts (docs/comments.md).
  COMMENTS_CLOSED: { status: 404, message: 'Comments are closed on this post.' },
  LIKES_NOT_ENABLED: { status: 404, message: 'Likes are not enabled on this site.' },
  COMMENT_RATE_LIMITED: { status: 429, message: 'Too many comments. Please try again later.' },
  // Visitor accounts, member areas, site passwords, languages and the smaller site calls (docs/accounts.md).
  SIGN_IN_REQUIRED: { status: 401, message: ACCOUNT_MESSAGES.signInRequired },
  SITE_USER_SIGN_IN_FAILED: { status: 401, message: ACCOUNT_MESSAGES.signInFailed },
  XSRF_TOKEN_INVALID: { status: 403, message: 'The account token is missing or does not match. Sign in again.' },
  ACCOUNT_LINK_INVALID: { status: 400, message: ACCOUNT_MESSAGES.resetLinkInvalid },
  MEMBERS_ONLY: { status: 403, message: 'This content is for members only.' },
  MEMBERSHIP_ORDER_INVALID: { status: 404, message: 'This order does not hold a membership.' },
  MEMBERSHIP_NOT_PAID: { status: 409, message: 'This order has not been paid yet.' },
  MEMBERSHIP_CLAIMED: { status: 409, message: 'This membership belongs to another account.' },
  PASSWORD_REQUIRED: { status: 403, message: 'This content is password protected.' },
  PASSWORD_INCORRECT: { status: 401, message: 'Incorrect password. Please try again.' },
  SITE_LOCKED: { status: 403, message: 'This site is password protected.' },
  LANGUAGE_UNAVAILABLE: { status: 400, message: 'This language is not published on this site.' },
  PLACES_UNAVAILABLE: { status: 501, message: 'Address lookup is not available: no places provider is configured for this site.' },
  PLACES_FAILED: { status: 502, message: 'The places provider did not answer. Please try again.' },
  // Media: the spec's editor file messages from @tessera/core (docs/media.md). The unsupported type's
  // message is filled with the file's name and the kind expected where it is raised.
  FILE_TYPE_UNSUPPORTED: { status: 415, message: FILE_MESSAGES.unsupportedType },
  FILE_PROCESSING_FAILED: { status: 422, message: FILE_MESSAGES.processingFailed },
  FILE_PROCESSING_INCOMPLETE: { status: 503, message: FILE_MESSAGES.processingIncomplete },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested range is not satisfiable.' },
  // The media library (docs/owner-api.md "Media"): the too-large message is filled with the file's
  // name and its kind's limit where it is raised, the full-storage one with the site's limit.
  FILE_TOO_LARGE: { status: 413, message: FILE_MESSAGES.tooLarge },
  MEDIA_STORAGE_FULL: { status: 413, message: "This site's media storage is full: delete files you no longer use, then upload again." },
  FILE_UPLOAD_INCOMPLETE: { status: 400, message: FILE_MESSAGES.uploadIncomplete },
  FILE_UPLOAD_FAILED: { status: 500, message: FILE_MESSAGES.uploadProblem },
  FILE_NAME_REQUIRED: { status: 400, message: EDITOR_VALIDATION_MESSAGES.enterFileName },
  FILE_RENAME_FAILED: { status: 500, message: FILE_MESSAGES.renameProblem },
  UPLOAD_NO_FILES: { status: 400, message: 'Choose at least one file to upload.' },
  MEDIA_IN_USE: { status: 409, message: 'This file is used on the site: remove it from those places first, or delete it from them too.' },
  // Replacing a file's bytes and resumable uploads (docs/media.md).
  MEDIA_KIND_MISMATCH: { status: 415, message: 'Replace a file with one of the same kind: an image with an image, a video with a video.' },
  MEDIA_REPLACE_ONE_FILE: { status: 400, message: 'Choose one file to replace this one.' },
  UPLOAD_RANGE_INVALID: { status: 400, message: 'Send each chunk with a Content-Range of bytes start-end/total that fits the upload.' },
  UPLOAD_OFFSET_MISMATCH: { status: 409, message: 'This chunk does not start where the upload stands: send the chunk at the offset given.' },
  // Video and audio (docs/media.md "Video and audio"): embeds by link through the providers' oEmbed, posters.
  EMBED_PROVIDER_UNKNOWN: {
    status: 400,
    message: 'Tessera cannot embed links from this site: paste a link to a YouTube or Vimeo video, or to SoundCloud or Spotify audio.',
  },
  EMBED_VIMEO_BASIC: { status: 422, message: FILE_MESSAGES.vimeoBasic },
  EMBED_NOT_FOUND: {
    status: 422,
    message: 'This link does not lead to a video or track that can be embedded: it is private, removed, or its owner does not allow embedding.',
  },
  EMBED_UNAVAILABLE: { status: 502, message: 'The provider did not answer. Please try again.' },
  EMBED_REFUSED: { status: 502, message: "The provider's answer names a player Tessera does not embed." },
  POSTER_NOT_MEDIA: { status: 400, message: 'Only a video or audio file has a poster.' },
  POSTER_NOT_IMAGE: { status: 400, message: 'Choose an image of the library as the poster.' },
  // Pages and navigation (docs/owner-api.md "Pages and navigation").
  NAVIGATION_CONFLICT: { status: 409, message: 'Someone else changed the navigation since you opened it. It has been reloaded: make your change again.' },
  FOLDER_NOT_EMPTY: { status: 409, message: 'This folder is not empty: move its pages out of it first.' },
  HOME_PAGE_NOT_DELETABLE: { status: 409, message: 'The home page cannot be deleted: make another page the home page first.' },
  PAGE_NOT_DELETABLE: { status: 409, message: 'This page holds products or lessons: delete them first.' },
  CONTENT_IS_A_PAGE: { status: 409, message: 'This is a page: delete it from the pages list.' },
  // Site styles (docs/owner-api.md "Site styles").
  DESIGN_CONFLICT: { status: 409, message: 'Someone else changed the site styles since you opened them. They have been reloaded: make your change again.' },
  THEME_HAS_NO_STYLES: { status: 409, message: "This site's theme declares no style settings." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  /** Field id -> message, for field validation (status 400). */
  errors?: Record<string, string>;
  /** Set on CRUMB_FAIL: the storefront turns it into "Your session has expired...". */
  crumbFail?: true;
  /** The restock calls' errors also carry the message here (the spec: "error response carries data.message"). */
  data?: { message: string };
  /** DRAFT_CONFLICT: the newer draft's revision, time and author, so the editor can say who and when. */
  draft?: unknown;
}

/** An expected failure with a stable code; thrown by handlers and turned into its answer by the app. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  /** For 429 answers: the Retry-After header, in seconds. */
  readonly retryAfterSeconds?: number;
  /** For DRAFT_CONFLICT: the newer draft, sent with the answer. */
  readonly draft?: unknown;

  constructor(code: ErrorCode, message?: string, fieldErrors?: Record<string, string>, options: { retryAfterSeconds?: number; draft?: unknown } = {}) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.draft !== undefined) this.draft = options.draft;
  }

  body(): ErrorBody {
    const body: ErrorBody = { error: this.message, code: this.code };
    if (this.fieldErrors) body.errors = this.fieldErrors;
    if (this.code === 'CRUMB_FAIL') body.crumbFail = true;
    if (this.draft !== undefined) body.draft = this.draft;
    return body;
  }
}

/**
 * Errors raised by Fastify itself or its plugins (bad JSON, body too large, schema validation)
 * carry a statusCode; they become the registry's code for that status. Anything else is a bug: 500.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as { statusCode?: number; code?: string; validation?: unknown; message?: string };
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (e?.validation) return new AppError('VALIDATION_FAILED');
  if (e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
    return new AppError('INVALID_JSON');
  }
  switch (status) {
    case 400:
      return new AppError('BAD_REQUEST');
    // Only the crumb check itself reports a crumb failure (its AppError is returned above).
    case 403:
      return new AppError('FORBIDDEN');
    case 404:
      return new AppError('NOT_FOUND');
    case 405:
      return new AppError('METHOD_NOT_ALLOWED');
    case 413:
      return new AppError('PAYLOAD_TOO_LARGE');
    case 415:
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 429:
      return new AppError('RATE_LIMITED');
    case 503:
      return new AppError('UNAVAILABLE');
    default:
      return new AppError(status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
  }
}
