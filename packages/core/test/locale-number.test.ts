import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_CODES, compileNumberFormat, formatMoney, formatMoneyWithSymbol, getCurrency, makeMoney, minorToDecimalString } from '../src/index.js';

// Locales with every kind of separator, grouping (Indian, from 5 digits), currency place and sign place,
// and some that write other digits (Intl keeps those).
const LOCALES = [
  'en',
  'en-US',
  'fr-FR',
  'de-DE',
  'ja',
  'ja-JP',
  'en-GB',
  'en-IN',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'sv-SE',
  'nb-NO',
  'da-DK',
  'de-CH',
  'fr-CH',
  'de-AT',
  'pl-PL',
  'cs-CZ',
  'ru-RU',
  'tr-TR',
  'zh-CN',
  'ko-KR',
  'he-IL',
  'hi-IN',
  'id-ID',
  'th-TH',
  'ar-EG',
  'fa-IR',
  'bn-BD',
];

const DECIMAL_OPTIONS: Intl.NumberFormatOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 3 },
  { maximumFractionDigits: 20 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 4 },
  { useGrouping: false },
  { maximumFractionDigits: 1, roundingMode: 'trunc' },
  { maximumFractionDigits: 2, roundingMode: 'ceil' },
  { maximumFractionDigits: 2, roundingMode: 'floor' },
  { maximumFractionDigits: 1, roundingMode: 'halfEven' },
  { maximumFractionDigits: 1, roundingMode: 'halfTrunc' },
  { maximumFractionDigits: 1, roundingMode: 'expand' },
  { minimumIntegerDigits: 3 },
  // Intl's own: percent, compact, scientific, significant digits, sign display.
  { style: 'percent' },
  { notation: 'compact' },
  { notation: 'scientific' },
  { maximumSignificantDigits: 3 },
  { signDisplay: 'always' },
];
const CURRENCY_OPTIONS: Intl.NumberFormatOptions[] = CURRENCY_CODES.flatMap((currency) => {
  const digits = getCurrency(currency).fractionDigits;
  return (['symbol', 'code', 'narrowSymbol', 'name'] as const).map((currencyDisplay) => ({
    style: 'currency',
    currency,
    currencyDisplay,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }));
});

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom('0', '1', '4', '5', '6', '9'), minLength: min, maxLength: max });
const decimalText = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', '-', '+'),
      digits(0, 24),
      fc.option(digits(0, 24), { nil: undefined }),
      fc.option(fc.integer({ min: -30, max: 30 }), { nil: undefined }),
    )
    .map(
      ([sign, whole, fraction, exponent]) =>
        `${sign}${whole || '0'}${fraction === undefined ? '' : `.${fraction}`}${exponent === undefined ? '' : `e${exponent}`}`,
    ),
  fc.constantFrom(
    '0',
    '-0',
    '.5',
    '5.',
    '-.05',
    '0.5',
    '1.5',
    '2.5',
    '-2.5',
    '0.05',
    '1.005',
    '9.995',
    '99.95',
    '1e21',
    '1e-7',
    '1E+3',
    ' 12 ',
    'abc',
    '1e',
    '',
    '-',
    '1e400',
    '0x10',
    'Infinity',
  ),
);
const number = fc.oneof(fc.double({ noNaN: false }), fc.integer(), fc.constantFrom(-0, 0.1 + 0.2, 1e21, 5e-324, Number.MAX_SAFE_INTEGER));

const formats = new Map<string, [ReturnType<typeof compileNumberFormat>, Intl.NumberFormat]>();
function both(locale: string, options: Intl.NumberFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (f === undefined) {
    f = [compileNumberFormat(locale, options), new Intl.NumberFormat(locale, options)];
    formats.set(key, f);
  }
  return f;
}

describe('compileNumberFormat', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes decimal text as Intl does, for every option and locale', () => {
    fc.assert(
      fc.property(decimalText, fc.constantFrom(...LOCALES), fc.constantFrom(...DECIMAL_OPTIONS), (text, locale, options) => {
        const [compiled, intl] = both(locale, options);
        expect(compiled(text)).toBe(intl.format(text as `${number}`));
      }),
      { numRuns: 5000 },
    );
  });

  it('writes numbers as Intl does, negative zero, tiny and huge ones included', () => {
    fc.assert(
      fc.property(number, fc.constantFrom(...LOCALES), fc.constantFrom(...DECIMAL_OPTIONS), (n, locale, options) => {
        const [compiled, intl] = both(locale, options);
        expect(compiled(n)).toBe(intl.format(n));
      }),
      { numRuns: 3000 },
    );
  });

  it('writes every store currency as Intl does: symbols, codes, names, JPY without fraction digits', () => {
    fc.assert(
      fc.property(decimalText, fc.constantFrom(...LOCALES), fc.constantFrom(...CURRENCY_OPTIONS), (text, locale, options) => {
        const [compiled, intl] = both(locale, options);
        expect(compiled(text)).toBe(intl.format(text as `${number}`));
      }),
      { numRuns: 5000 },
    );
  });

  it("applies mapText to Intl's texts", () => {
    const f = compileNumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }, (s) => s.replace(/\s/g, '_'));
    expect(f('-1234567.5')).toBe('-1_234_567,50_€');
    const intl = compileNumberFormat('ar-EG', {}, (s) => `[${s}]`);
    expect(intl('1234.5')).toBe(`[${new Intl.NumberFormat('ar-EG').format(1234.5)}]`);
  });

  it('asks Intl nothing per number once compiled, in the locales that write Latin digits', () => {
    const compiled = LOCALES.filter((l) => !['ar-EG', 'fa-IR', 'bn-BD'].includes(l)).map((l) =>
      compileNumberFormat(l, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    // `format` is a getter of a bound function on Intl's prototypes.
    const calls = [
      vi.spyOn(Intl.NumberFormat.prototype as unknown as Record<string, unknown>, 'format', 'get'),
      vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts'),
    ];
    for (const f of compiled) for (const v of ['0', '-12.5', '1234567.891', '99999999999.995']) f(v);
    for (const spy of calls) expect(spy).not.toHaveBeenCalled();
  });

  it('throws as Intl does for options Intl refuses', () => {
    expect(() => compileNumberFormat('en', { style: 'currency' })).toThrow(TypeError);
    expect(() => compileNumberFormat('not a locale!', {})).toThrow(RangeError);
  });
});

describe('money formats on compiled formats', () => {
  it('formatMoney and formatMoneyWithSymbol write what Intl writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom(...CURRENCY_CODES), fc.constantFrom(...LOCALES), (cents, currency, locale) => {
        const money = makeMoney(cents, currency);
        const digits = getCurrency(currency).fractionDigits;
        const amount = minorToDecimalString(cents, currency);
        expect(formatMoney(money, { locale })).toBe(
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(amount as `${number}`),
        );
        const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })
          .format(amount.replace('-', '') as `${number}`)
          .replace(/[\u202f\u2009\s]/g, '\u00a0');
        expect(formatMoneyWithSymbol(money, locale)).toContain(plain);
      }),
      { numRuns: 2000 },
    );
  });
});
