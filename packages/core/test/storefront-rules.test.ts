import { describe, expect, it } from 'vitest';
import {
  CART_TEXTS,
  CHECKOUT_TEXTS,
  CURRENCIES,
  STOREFRONT_TEXTS,
  addToCartKind,
  fillText,
  formatMinorUnits,
  formatMoney,
  installmentModalLocale,
  makeMoney,
} from '../src/index.js';

describe('the storefront’s rules in core', () => {
  it('formats minor units with Intl alone exactly as formatMoney does, for every store currency', () => {
    for (const code of Object.keys(CURRENCIES)) {
      for (const cents of [0, 1, 99, 2800, 123456789, -4550]) {
        for (const locale of ['en-US', 'fr-FR', 'ja-JP']) {
          expect(formatMinorUnits(cents, code, locale), `${cents} ${code} ${locale}`).toBe(formatMoney(makeMoney(cents, code as never), { locale }));
        }
      }
    }
    expect(() => formatMinorUnits(1.5, 'USD')).toThrow(/whole number of minor units/);
  });

  it('picks the information dialog’s locale from the site language', () => {
    expect(installmentModalLocale('afterpay', 'en-US')).toBe('en_US');
    expect(installmentModalLocale('afterpay', 'fr-CA')).toBe('fr_CA');
    expect(installmentModalLocale('afterpay', 'en-AU')).toBe('en_AU');
    expect(installmentModalLocale('afterpay', 'en-NZ')).toBe('en_NZ');
    expect(installmentModalLocale('afterpay', 'de-DE')).toBe('en_US');
    expect(installmentModalLocale('afterpay', 'en-GB')).toBe('en_US');
    expect(installmentModalLocale('afterpay', 'en')).toBe('en_US');
    expect(installmentModalLocale('clearpay', 'en-US')).toBe('en_GB');
  });

  it('tells what a button does with its item', () => {
    expect(addToCartKind(4, false)).toBe('giftCard');
    expect(addToCartKind('4', true)).toBe('giftCard');
    expect(addToCartKind(1, true)).toBe('expressCheckout');
    expect(addToCartKind(1, false)).toBe('default');
  });

  it('fills the storefront’s texts, leaving unknown placeholders', () => {
    expect(fillText(CART_TEXTS.quantityOf, { title: 'Mug' })).toBe('Quantity of Mug');
    expect(fillText(STOREFRONT_TEXTS.cartLinkLabel, { count: '100+', noun: 'items' })).toBe('Cart, 100+ items');
    expect(fillText(CHECKOUT_TEXTS.quantityTimes, {})).toBe('Quantity: {quantity}');
    expect(STOREFRONT_TEXTS.adding).toBe('Adding…');
  });
});
