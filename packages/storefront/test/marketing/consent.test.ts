// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { TRACKING_COOKIES as SPEC_TRACKING_COOKIES } from '@tessera/core/constants';
import {
  CONSENT_COOKIE,
  TRACKING_COOKIES,
  clearTrackingCookies,
  consentRule,
  readConsent,
  writeConsent,
  type ConsentChoice,
} from '../../src/marketing/consent.js';
import { markPurchaseSent, pixelEvent, purchaseEvent } from '../../src/marketing/tags.js';

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; max-age=-1; path=/`;
  localStorage.clear();
});

describe('the consent rule', () => {
  // restrictive, banner, choice -> banner shown, marketing tags, tracking cookies
  it.each([
    [false, false, undefined, false, true, true],
    [false, true, undefined, true, true, true],
    [true, false, undefined, false, false, false],
    [true, true, undefined, true, false, false],
    [false, true, 'accepted', false, true, true],
    [true, true, 'accepted', false, true, true],
    [false, true, 'declined', false, false, false],
    [true, true, 'declined', false, false, false],
    [true, false, 'accepted', false, true, true],
    [false, false, 'declined', false, false, false],
  ] as [boolean, boolean, ConsentChoice, boolean, boolean, boolean][])(
    'restrictive %s, banner %s, choice %s: banner %s, marketing %s, tracking cookies %s',
    (restrictive, bannerEnabled, choice, showBanner, marketing, trackingCookies) => {
      expect(consentRule({ restrictive, bannerEnabled }, choice)).toEqual({ showBanner, marketing, trackingCookies });
    },
  );

  it('keeps the choice in a first-party cookie for a year, and reads nothing else as a choice', () => {
    expect(readConsent()).toBeUndefined();
    writeConsent('accepted');
    expect(readConsent()).toBe('accepted');
    writeConsent('declined');
    expect(readConsent()).toBe('declined');
    document.cookie = `${CONSENT_COOKIE}=maybe; path=/`;
    expect(readConsent()).toBeUndefined();
  });

  it("clears the spec's tracking cookies on a decline (its own copy of the list, the same as core's)", () => {
    expect([...TRACKING_COOKIES]).toEqual([...SPEC_TRACKING_COOKIES]);
    for (const name of TRACKING_COOKIES) document.cookie = `${name}=1; path=/`;
    document.cookie = 'other=1; path=/';
    clearTrackingCookies();
    expect(document.cookie).toBe('other=1');
    document.cookie = 'other=; max-age=-1; path=/';
  });
});

describe('the events sent to the tags', () => {
  it("maps a product page's visit to ViewContent and an add to cart (also a related product's) to AddToCart, and nothing else", () => {
    expect(pixelEvent({ name: 'product-page-visit', payload: { objectIdentifier: 'item1' } })).toEqual([
      'ViewContent',
      { content_ids: ['item1'], content_type: 'product' },
    ]);
    const add = ['AddToCart', { content_ids: ['item1'], content_type: 'product', contents: [{ id: 'SKU-1', quantity: 2 }] }];
    expect(pixelEvent({ name: 'add-to-cart', payload: { objectIdentifier: 'item1', sku: 'SKU-1', quantity: 2 } })).toEqual(add);
    expect(pixelEvent({ name: 'related-product-add', payload: { objectIdentifier: 'item1', sku: 'SKU-1', quantity: 2 } })).toEqual(add);
    expect(pixelEvent({ name: 'view-cart', payload: { objectIdentifier: 'cart1' } })).toBeUndefined();
    expect(pixelEvent({ name: 'add-to-cart', payload: {} })).toBeUndefined();
  });

  it("makes the tag manager's purchase of an order, in major units", () => {
    const order = {
      id: 'o1',
      orderNumber: 1042,
      grandTotalMoney: { value: '54.00', currency: 'USD' },
      lines: [
        { itemId: 'i1', title: 'Stoneware Mug', quantity: 2, chosenVariant: { sku: 'MUG-1' }, unitPriceMoney: { value: '24.00' } },
        { itemId: 'i2', title: 'Gift card', quantity: 1, chosenVariant: { sku: '' }, unitPriceMoney: { value: '6.00' } },
      ],
    };
    expect(purchaseEvent(order)).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: '1042',
        value: 54,
        currency: 'USD',
        items: [
          { item_id: 'MUG-1', item_name: 'Stoneware Mug', price: 24, quantity: 2 },
          { item_id: 'i2', item_name: 'Gift card', price: 6, quantity: 1 },
        ],
      },
    });
  });

  it('sends a purchase once per order, and never when it cannot remember having sent it', () => {
    expect(markPurchaseSent('o1')).toBe(true);
    expect(markPurchaseSent('o1')).toBe(false);
    expect(markPurchaseSent('o2')).toBe(true);
    expect(markPurchaseSent('o3', undefined as unknown as Storage)).toBe(true);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(markPurchaseSent('o4', blocked)).toBe(false);
  });
});
