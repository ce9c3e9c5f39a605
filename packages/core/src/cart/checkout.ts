import { isValidEmail } from '../validation/email.js';
import { FORM_MESSAGES, emailNotValidMessage } from '../validation/messages.js';

/**
 * Checkout rules shared by the server (which enforces them) and the storefront (which shows
 * them before a call). The spec words none of these; they are Tessera's own texts, kept here
 * so that both sides say the same thing.
 */
export const CHECKOUT_MESSAGES = Object.freeze({
  cartEmpty: 'Your cart is empty.',
  itemUnavailable: 'Sorry, that item is unavailable.',
  notSubscribable: 'This item is not available as a subscription.',
  invalidCoupon: 'That coupon code is not valid.',
  couponUsageLimit: 'This coupon has reached its usage limit.',
  giftCardInvalid: 'That gift card code is not valid.',
  giftCardEmpty: 'That gift card has no balance left.',
  shippingOptionRequired: 'Choose a shipping option.',
  cardNumberInvalid: 'Enter a valid card number.',
  paymentDeclined: 'Your card was declined. Please use another card.',
  cartPurchased: 'This cart has already been checked out.',
  donationAmount: 'Enter a donation amount from {min} to {max}.',
});

/** The fields of a shipping address; `address2`, `region` and `phone` may be left empty. */
export interface ShippingAddress {
  readonly firstName: string;
  readonly lastName: string;
  readonly address1: string;
  readonly address2?: string;
  readonly city: string;
  readonly region?: string;
  readonly postalCode: string;
  /** ISO 3166-1 alpha-2, "US". */
  readonly country: string;
  readonly phone?: string;
}

const SHIPPING_ADDRESS_REQUIRED = Object.freeze(['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'] as const);
const SHIPPING_ADDRESS_FIELDS = [...SHIPPING_ADDRESS_REQUIRED, 'address2', 'region', 'phone'] as const;
/** Longest text accepted in an address field. */
const ADDRESS_FIELD_MAX_LENGTH = 200;

/**
 * Checks a shipping address: each required field present (`Required`), texts at most 200
 * characters, the country two letters. Returns field errors keyed `shippingAddress.<field>`
 * (empty when valid) and the address trimmed, the country upper-cased.
 */
export function validateShippingAddress(raw: unknown): { errors: Record<string, string>; address: ShippingAddress | null } {
  const errors: Record<string, string> = {};
  const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: Record<string, string> = {};
  for (const field of SHIPPING_ADDRESS_FIELDS) {
    const value = input[field];
    const text = typeof value === 'string' ? value.trim() : '';
    if (text.length > ADDRESS_FIELD_MAX_LENGTH) errors[`shippingAddress.${field}`] = FORM_MESSAGES.characterLimit;
    else if (text === '' && (SHIPPING_ADDRESS_REQUIRED as readonly string[]).includes(field)) errors[`shippingAddress.${field}`] = FORM_MESSAGES.required;
    out[field] = text;
  }
  if (out.country && !/^[A-Za-z]{2}$/.test(out.country)) errors['shippingAddress.country'] = FORM_MESSAGES.invalidCountry;
  out.country = out.country.toUpperCase();
  out.region = out.region.toUpperCase();
  return Object.keys(errors).length > 0 ? { errors, address: null } : { errors, address: out as unknown as ShippingAddress };
}

/** The checkout's email: field error `email` with the spec's email message, or null. */
export function checkoutEmailError(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return FORM_MESSAGES.required;
  return isValidEmail(email.trim()) ? null : emailNotValidMessage();
}

/** A card number: 12 to 19 digits (spaces and dashes allowed between) passing the Luhn check. */
export function isCardNumber(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** How much of an order a gift card pays: its whole balance, or the amount due when that is less. */
export function giftCardRedemptionCents(balanceCents: number, dueCents: number): number {
  return Math.max(0, Math.min(balanceCents, dueCents));
}

/**
 * Gift card codes: 16 characters of an alphabet without look-alikes (no 0/O, 1/I/L), shown in
 * groups of four (`K7QM-2XWD-PN4R-8TZC`). About 79 bits of randomness: not guessable.
 */
const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GIFT_CARD_CODE_LENGTH = 16;

/**
 * A code from random bytes (the caller's secure source), by rejection sampling so every
 * character is equally likely; null when the bytes ran out before 16 characters.
 */
export function giftCardCodeFromBytes(bytes: Uint8Array): string | null {
  const n = GIFT_CARD_CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  for (const b of bytes) {
    if (b >= limit) continue;
    code += GIFT_CARD_CODE_ALPHABET[b % n];
    if (code.length === GIFT_CARD_CODE_LENGTH) return formatGiftCardCode(code);
  }
  return null;
}

/** As typed: case, spaces and dashes ignored; null when it cannot be a code. */
export function normalizeGiftCardCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const c of code) if (!GIFT_CARD_CODE_ALPHABET.includes(c)) return null;
  return code;
}

export function formatGiftCardCode(code: string): string {
  return (
    code
      .replace(/[\s-]/g, '')
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join('-') ?? ''
  );
}

/** A site's donation settings (site.json `store.donations`), with Tessera's defaults. */
export interface DonationSettings {
  readonly presetAmountsCents: readonly number[];
  readonly minCents: number;
  readonly maxCents: number;
}

export const DEFAULT_DONATION_SETTINGS: DonationSettings = Object.freeze({
  presetAmountsCents: Object.freeze([1000, 2500, 5000, 10000]),
  minCents: 100,
  maxCents: 1_000_000,
});

const positiveWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function parseDonationSettings(raw: unknown): DonationSettings {
  const r = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const minCents = positiveWhole(r.minCents) ? r.minCents : DEFAULT_DONATION_SETTINGS.minCents;
  const maxCents = positiveWhole(r.maxCents) && r.maxCents >= minCents ? r.maxCents : Math.max(minCents, DEFAULT_DONATION_SETTINGS.maxCents);
  const presets = Array.isArray(r.presetAmountsCents) ? r.presetAmountsCents.filter(positiveWhole) : [...DEFAULT_DONATION_SETTINGS.presetAmountsCents];
  return { presetAmountsCents: presets.filter((p) => p >= minCents && p <= maxCents), minCents, maxCents };
}

export type DonationAmountResult =
  | { readonly ok: true; readonly amountCents: number }
  | { readonly ok: false; readonly code: 'DONATION_AMOUNT_INVALID'; readonly message: string };

/**
 * A donation of a preset or a custom amount: a whole number of minor units from the minimum to
 * the maximum; otherwise `Enter a donation amount from {min} to {max}.` with both formatted.
 */
export function validateDonationAmount(amountCents: unknown, settings: DonationSettings, formatAmount: (cents: number) => string): DonationAmountResult {
  if (typeof amountCents === 'number' && Number.isSafeInteger(amountCents) && amountCents >= settings.minCents && amountCents <= settings.maxCents) {
    return { ok: true, amountCents };
  }
  const message = CHECKOUT_MESSAGES.donationAmount
    .replace('{min}', () => formatAmount(settings.minCents))
    .replace('{max}', () => formatAmount(settings.maxCents));
  return { ok: false, code: 'DONATION_AMOUNT_INVALID', message };
}
