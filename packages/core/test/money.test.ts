import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  MONEY_OBJECT_REQUIRED,
  addMoney,
  assertMoney,
  decimalStringToMinor,
  formatMoney,
  formatMoneyPlain,
  fromMoneyValue,
  getCurrency,
  isCurrencyCode,
  isMoney,
  makeMoney,
  minorToDecimalString,
  multiplyMoney,
  subtractMoney,
  toMoneyValue,
} from '../src/money/index.js';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('currencies', () => {
  it('holds the 27 currencies of the spec in its order', () => {
    expect(CURRENCY_CODES).toEqual([
      'EUR',
      'USD',
      'AUD',
      'NOK',
      'CAD',
      'NZD',
      'DKK',
      'GBP',
      'HKD',
      'CHF',
      'MXN',
      'SGD',
      'SEK',
      'CZK',
      'ILS',
      'PHP',
      'RUB',
      'PLN',
      'THB',
      'MYR',
      'ARS',
      'BRL',
      'COP',
      'IDR',
      'INR',
      'JPY',
      'ZAR',
    ]);
    expect(Object.keys(CURRENCIES)).toHaveLength(27);
  });

  it('gives 2 fraction digits to every currency except JPY', () => {
    for (const code of CURRENCY_CODES) {
      expect(CURRENCIES[code].fractionDigits).toBe(code === 'JPY' ? 0 : 2);
    }
  });

  it('carries ISO 4217 names and numeric codes', () => {
    expect(CURRENCIES.USD).toEqual({ code: 'USD', name: 'US Dollar', fractionDigits: 2, numericCode: '840' });
    expect(CURRENCIES.JPY).toEqual({ code: 'JPY', name: 'Yen', fractionDigits: 0, numericCode: '392' });
    expect(CURRENCIES.AUD.numericCode).toBe('036');
    expect(CURRENCIES.EUR.numericCode).toBe('978');
    const numeric = CURRENCY_CODES.map((c) => CURRENCIES[c].numericCode);
    expect(new Set(numeric).size).toBe(27);
    for (const n of numeric) expect(n).toMatch(/^\d{3}$/);
  });

  it('defaults to USD and rejects unknown codes', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(isCurrencyCode('GBP')).toBe(true);
    expect(isCurrencyCode('XXX')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(() => getCurrency('XXX')).toThrow('Unknown currency: XXX');
  });
});

describe('minor units <-> decimal strings', () => {
  it('converts minor units to decimal strings', () => {
    expect(minorToDecimalString(1999)).toBe('19.99');
    expect(minorToDecimalString(1999, 'JPY')).toBe('1999');
    expect(minorToDecimalString(5)).toBe('0.05');
    expect(minorToDecimalString(-5)).toBe('-0.05');
    expect(minorToDecimalString(0)).toBe('0.00');
    expect(minorToDecimalString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => minorToDecimalString(1.5)).toThrow(RangeError);
  });

  it('converts decimal strings to minor units', () => {
    expect(decimalStringToMinor('19.99')).toBe(1999);
    expect(decimalStringToMinor('.5')).toBe(50);
    expect(decimalStringToMinor('100')).toBe(10000);
    expect(decimalStringToMinor('1999', 'JPY')).toBe(1999);
    expect(decimalStringToMinor('-0.05')).toBe(-5);
    expect(decimalStringToMinor('+1.2')).toBe(120);
    expect(decimalStringToMinor('7.')).toBe(700);
    expect(decimalStringToMinor('-0.001')).toBe(0);
  });

  it('rounds extra fraction digits half away from zero, or rejects them', () => {
    expect(decimalStringToMinor('0.125')).toBe(13);
    expect(decimalStringToMinor('0.124')).toBe(12);
    expect(decimalStringToMinor('-0.125')).toBe(-13);
    expect(decimalStringToMinor('1.5', 'JPY')).toBe(2);
    expect(decimalStringToMinor('123456.7890')).toBe(12345679);
    expect(decimalStringToMinor('1.2300', 'USD', 'reject')).toBe(123);
    expect(() => decimalStringToMinor('1.234', 'USD', 'reject')).toThrow('more than 2 fraction digits');
  });

  it('rejects what is not a decimal amount', () => {
    for (const bad of ['', '.', 'abc', '1e5', '1,000', '--1', '0x10']) {
      expect(() => decimalStringToMinor(bad)).toThrow(RangeError);
    }
    expect(() => decimalStringToMinor('99999999999999999')).toThrow('too large');
  });

  it('round-trips every safe amount exactly (no float error)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...CURRENCY_CODES), (cents, code) => {
        expect(decimalStringToMinor(minorToDecimalString(cents, code), code)).toBe(cents);
      }),
    );
  });
});

describe('money values', () => {
  it('builds, checks and combines money', () => {
    const a = makeMoney(1999);
    expect(a).toEqual({ cents: 1999, currency: 'USD' });
    expect(isMoney(a)).toBe(true);
    expect(isMoney({ cents: 1.5, currency: 'USD' })).toBe(false);
    expect(isMoney({ cents: 1, currency: 'XXX' })).toBe(false);
    expect(addMoney(a, makeMoney(1))).toEqual({ cents: 2000, currency: 'USD' });
    expect(subtractMoney(a, makeMoney(2000))).toEqual({ cents: -1, currency: 'USD' });
    expect(multiplyMoney(a, 3)).toEqual({ cents: 5997, currency: 'USD' });
    expect(() => addMoney(a, makeMoney(1, 'EUR'))).toThrow('Cannot combine USD with EUR');
    expect(() => makeMoney(0.1)).toThrow(RangeError);
    expect(() => multiplyMoney(makeMoney(Number.MAX_SAFE_INTEGER), 2)).toThrow(RangeError);
  });

  it('reads and writes the page context money object', () => {
    expect(toMoneyValue(makeMoney(1999, 'EUR'))).toEqual({ value: '19.99', currency: 'EUR' });
    expect(fromMoneyValue({ value: '19.99', currency: 'EUR' })).toEqual({ cents: 1999, currency: 'EUR' });
    expect(fromMoneyValue({ decimalValue: '123456.7890', currencyCode: 'USD' })).toEqual({ cents: 12345679, currency: 'USD' });
    expect(fromMoneyValue({ value: 7.5 })).toEqual({ cents: 750, currency: 'USD' });
    expect(fromMoneyValue({ value: '100' }, 'JPY')).toEqual({ cents: 100, currency: 'JPY' });
    expect(fromMoneyValue({ value: 'abc' })).toBeUndefined();
    expect(fromMoneyValue(null)).toBeUndefined();
    expect(fromMoneyValue('19.99')).toBeUndefined();
  });

  it('requires a money object to format', () => {
    for (const bad of [undefined, null, 1999, '19.99', { cents: '1' }, { cents: 1, currency: 'XXX' }]) {
      expect(() => formatMoney(bad as never)).toThrow(MONEY_OBJECT_REQUIRED);
      expect(() => formatMoneyPlain(bad as never)).toThrow('Money formatting requires a money object');
      expect(() => assertMoney(bad)).toThrow(TypeError);
    }
  });
});

describe('formatting', () => {
  it('formats by locale with symbol, code and name displays', () => {
    expect(formatMoney(makeMoney(1999))).toBe('$19.99');
    expect(formatMoney(makeMoney(-123456))).toBe('-$1,234.56');
    expect(nbsp(formatMoney(makeMoney(1999), { display: 'code' }))).toBe('USD 19.99');
    expect(formatMoney(makeMoney(1999), { display: 'name' })).toBe('19.99 US dollars');
    expect(formatMoney(makeMoney(1999, 'JPY'))).toBe('¥1,999');
    expect(nbsp(formatMoney(makeMoney(250000, 'EUR'), { locale: 'de-DE' }))).toBe('2.500,00 €');
    expect(formatMoney(makeMoney(250000, 'EUR'))).toBe('€2,500.00');
    expect(nbsp(formatMoney(makeMoney(123456, 'EUR'), { locale: 'fr-FR' }))).toBe('1 234,56 €');
    expect(formatMoney(makeMoney(12345679, 'EUR'), { display: 'name' })).toBe('123,456.79 euros');
  });

  it('formats the largest amounts exactly', () => {
    expect(formatMoney(makeMoney(Number.MAX_SAFE_INTEGER))).toBe('$90,071,992,547,409.91');
  });

  it('formats in the default pattern', () => {
    expect(formatMoneyPlain(makeMoney(12345))).toBe('123.45');
    expect(formatMoneyPlain(makeMoney(123456789))).toBe('1,234,567.89');
    expect(formatMoneyPlain(makeMoney(-123456789))).toBe('-1,234,567.89');
    expect(formatMoneyPlain(makeMoney(5))).toBe('0.05');
    expect(formatMoneyPlain(makeMoney(1999, 'JPY'))).toBe('1,999');
    expect(formatMoneyPlain(makeMoney(Number.MAX_SAFE_INTEGER))).toBe('90,071,992,547,409.91');
    expect(formatMoneyPlain(makeMoney(999_999_999_999_999, 'JPY'))).toBe('999,999,999,999,999');
    expect(() => formatMoneyPlain(makeMoney(1_000_000_000_000_000, 'JPY'))).toThrow('more than 15 integer digits');
  });
});
