// Rules added for the engine's platform formatters: store-symbol money, srcset from image variants,
// varied prices from money fields.

import { describe, expect, test } from 'vitest';
import { CURRENCY_CODES, CURRENCY_SYMBOLS, formatMoneyWithSymbol, hasVariedPrices, makeMoney, srcsetFromVariants } from '../src/index.js';

describe('formatMoneyWithSymbol', () => {
  test('the store symbol where the locale puts currencies, spaced when the symbol touches the digits with a letter', () => {
    expect(formatMoneyWithSymbol(makeMoney(123456, 'AUD'), 'de-DE')).toBe('1.234,56 A$');
    expect(formatMoneyWithSymbol(makeMoney(123456, 'EUR'), 'de-DE')).toBe('1.234,56€');
    expect(formatMoneyWithSymbol(makeMoney(123456, 'SEK'), 'es-US')).toBe('kr 1,234.56');
    expect(formatMoneyWithSymbol(makeMoney(-123456, 'SEK'), 'es-US')).toBe('kr -1,234.56');
    expect(formatMoneyWithSymbol(makeMoney(-123456, 'AUD'), 'en-US')).toBe('-A$1,234.56');
  });

  test('no-break spaces and an ASCII minus; JPY without fraction digits', () => {
    expect(formatMoneyWithSymbol(makeMoney(-123456, 'USD'), 'sv-SE')).toBe('-1\u00a0234,56$');
    expect(formatMoneyWithSymbol(makeMoney(1235, 'JPY'), 'fr-FR')).toBe('1\u00a0235¥');
  });

  test('every store currency has a symbol', () => {
    for (const code of CURRENCY_CODES) expect(CURRENCY_SYMBOLS[code], code).toMatch(/\S/);
  });

  test('anything but a money object is refused', () => {
    expect(() => formatMoneyWithSymbol({ cents: 1 } as never)).toThrow('Money formatting requires a money object');
  });
});

describe('srcsetFromVariants', () => {
  test('width variants in order, the original for the next standard width', () => {
    expect(srcsetFromVariants('/a.jpg', '1500x983,100w,1500w')).toBe('/a.jpg?format=100w 100w,/a.jpg?format=1500w 1500w,/a.jpg?format=original 2500w');
    expect(srcsetFromVariants('/a.jpg', '100w,2500w')).toBe('/a.jpg?format=100w 100w,/a.jpg?format=2500w 2500w');
    expect(srcsetFromVariants('/a.jpg', '150w,350w')).toBe('/a.jpg?format=150w 150w,/a.jpg?format=350w 350w');
  });

  test('nothing without width variants', () => {
    expect(srcsetFromVariants('/a.jpg', '1500x983')).toBe('');
    expect(srcsetFromVariants('/a.jpg', undefined)).toBe('');
  });
});

describe('hasVariedPrices', () => {
  test('reads the money fields as well as the minor-unit fields', () => {
    const variants = (a: string, b: string) => ({ productType: 1, variants: [{ priceMoney: { value: a } }, { priceMoney: { value: b } }] });
    expect(hasVariedPrices(variants('1', '2'))).toBe(true);
    expect(hasVariedPrices(variants('1.00', '1'))).toBe(false);
    expect(hasVariedPrices({ productType: 1, variants: [{ price: 100 }, { price: 200 }] })).toBe(true);
  });
});
