import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  DEFAULT_DONATION_SETTINGS,
  checkoutEmailError,
  formatGiftCardCode,
  giftCardCodeFromBytes,
  giftCardRedemptionCents,
  isCardNumber,
  normalizeGiftCardCode,
  parseDonationSettings,
  validateAddToCart,
  validateDonationAmount,
  validateShippingAddress,
} from '../src/cart/index.js';
import { addBillingPeriod, nextBillingDate } from '../src/product/index.js';

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('add to cart by SKU', () => {
  it('takes the one variant of a product without choices when no SKU is sent', () => {
    const pen = { productType: 1, variants: [{ sku: 'PEN', attributes: {}, qtyInStock: 3 }] };
    expect(validateAddToCart({ product: pen, sku: '' })).toMatchObject({ ok: true, variant: { sku: 'PEN' } });
    const shirt = { productType: 1, variants: [{ sku: 'S', attributes: { Size: 'S' }, qtyInStock: 3 }] };
    expect(validateAddToCart({ product: shirt, sku: '' })).toMatchObject({ code: 'VARIANT_UNAVAILABLE' });
  });

  it('takes a left-out quantity as 1 but a null one as not a number', () => {
    const pen = { productType: 1, variants: [{ sku: 'PEN', attributes: {}, qtyInStock: 3 }] };
    expect(validateAddToCart({ product: pen, sku: 'PEN' })).toMatchObject({ ok: true, quantity: 1 });
    expect(validateAddToCart({ product: pen, sku: 'PEN', quantity: null })).toMatchObject({ code: 'QUANTITY_NOT_A_NUMBER' });
  });

  it('asks for a gift card denomination even when the card has one', () => {
    const card = { productType: 4, variants: [{ sku: 'G25', attributes: {} }] };
    expect(validateAddToCart({ product: card, sku: '' })).toMatchObject({
      code: 'GIFT_CARD_DENOMINATION_REQUIRED',
      message: 'Select a denomination for the Gift Card.',
    });
    expect(validateAddToCart({ product: card, sku: 'G25' })).toMatchObject({ ok: true });
  });
});

describe('billing dates', () => {
  const jan31 = Date.UTC(2025, 0, 31, 9, 30);
  it('adds weeks, months and years on the UTC calendar, clamping month ends', () => {
    expect(addBillingPeriod(jan31, { value: 2, unit: 'WEEK' })).toBe(jan31 + 14 * 86_400_000);
    expect(new Date(addBillingPeriod(jan31, { value: 1, unit: 'MONTH' })).toISOString()).toBe('2025-02-28T09:30:00.000Z');
    expect(new Date(addBillingPeriod(Date.UTC(2024, 0, 31), { value: 1, unit: 'MONTH' })).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(new Date(addBillingPeriod(jan31, { value: 11, unit: 'MONTH' })).toISOString()).toBe('2025-12-31T09:30:00.000Z');
    expect(new Date(addBillingPeriod(Date.UTC(2024, 1, 29), { value: 1, unit: 'YEAR' })).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(() => addBillingPeriod(jan31, { value: 0, unit: 'WEEK' })).toThrow(RangeError);
  });

  it('counts each next date from the start, and ends finite plans', () => {
    const monthly = { billingPeriod: { value: 1, unit: 'MONTH' as const }, numBillingCycles: 0 };
    expect(new Date(nextBillingDate(monthly, jan31, 2)!).toISOString()).toBe('2025-03-31T09:30:00.000Z');
    const three = { billingPeriod: { value: 1, unit: 'WEEK' as const }, numBillingCycles: 3 };
    expect(nextBillingDate(three, 0, 1)).toBe(7 * 86_400_000);
    expect(nextBillingDate(three, 0, 3)).toBeNull();
  });
});

describe('checkout rules', () => {
  it('checks a shipping address field by field', () => {
    const { errors, address } = validateShippingAddress({
      firstName: ' Ada ',
      lastName: 'L',
      address1: '1 Main St',
      city: 'Hudson',
      postalCode: '12534',
      country: 'us',
      region: 'ny',
    });
    expect(errors).toEqual({});
    expect(address).toMatchObject({ firstName: 'Ada', country: 'US', region: 'NY', address2: '' });
    const bad = validateShippingAddress({ firstName: 'Ada', country: 'USA', city: 'x'.repeat(201) });
    expect(bad.address).toBeNull();
    expect(bad.errors).toEqual({
      'shippingAddress.lastName': 'Required',
      'shippingAddress.address1': 'Required',
      'shippingAddress.postalCode': 'Required',
      'shippingAddress.city': 'You have exceeded the character limit.',
      'shippingAddress.country': 'Please enter a two-letter country code.',
    });
    expect(validateShippingAddress(null).errors['shippingAddress.firstName']).toBe('Required');
  });

  it('checks the email with the spec message', () => {
    expect(checkoutEmailError('ada@example.com')).toBeNull();
    expect(checkoutEmailError('')).toBe('Required');
    expect(checkoutEmailError('ada@')).toBe('Email is not valid. Email addresses should follow the format email@example.com.');
  });

  it('accepts card numbers that pass the Luhn check', () => {
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumber('4000-0000-0000-0002')).toBe(true);
    expect(isCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isCardNumber('42')).toBe(false);
    expect(isCardNumber(4242424242424242)).toBe(false);
  });

  it('redeems a gift card up to the amount due', () => {
    expect(giftCardRedemptionCents(5000, 3200)).toBe(3200);
    expect(giftCardRedemptionCents(2500, 3200)).toBe(2500);
    expect(giftCardRedemptionCents(0, 3200)).toBe(0);
  });

  it('makes gift card codes from random bytes, without look-alike characters', () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256);
    const code = giftCardCodeFromBytes(bytes)!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(code).not.toMatch(/[01OIL]/);
    // Bytes at or above 248 (31 x 8) are skipped, so every character is equally likely.
    expect(giftCardCodeFromBytes(new Uint8Array(16).fill(250))).toBeNull();
    expect(normalizeGiftCardCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toBe(code.replace(/-/g, ''));
    expect(formatGiftCardCode(code.replace(/-/g, ''))).toBe(code);
    expect(normalizeGiftCardCode('0000-0000-0000-0000')).toBeNull();
    expect(normalizeGiftCardCode('ABCD')).toBeNull();
  });

  it('validates donations against the site minimum and maximum', () => {
    const settings = parseDonationSettings({ presetAmountsCents: [500, 2500, 50, 'x'], minCents: 100, maxCents: 100000 });
    expect(settings).toEqual({ presetAmountsCents: [500, 2500], minCents: 100, maxCents: 100000 });
    expect(parseDonationSettings(undefined)).toEqual(DEFAULT_DONATION_SETTINGS);
    expect(validateDonationAmount(2500, settings, usd)).toEqual({ ok: true, amountCents: 2500 });
    const low = validateDonationAmount(99, settings, usd);
    expect(low).toEqual({ ok: false, code: 'DONATION_AMOUNT_INVALID', message: 'Enter a donation amount from $1.00 to $1000.00.' });
    expect(validateDonationAmount(12.5, settings, usd).ok).toBe(false);
    expect(validateDonationAmount('2500', settings, usd).ok).toBe(false);
    expect(CHECKOUT_MESSAGES.cartEmpty).toBe('Your cart is empty.');
  });
});
