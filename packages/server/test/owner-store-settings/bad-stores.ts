/**
 * Bad currencies and store settings, each with the path and message `tessera import` reports for it.
 * The importer's test and the owner's API test both run every case, so the two answer alike.
 * `change` edits a copy of the store fixture's site.json (its currency and `store`).
 */
interface BadStore {
  name: string;
  change(site: Record<string, any>): void;
  /** The importer's path; the API keys the same error `store.shippingOptions.1.priceCents`. */
  path: string;
  message: string;
}

export const BAD_STORES: BadStore[] = [
  {
    name: 'an unknown currency',
    change: (s) => {
      s.currency = 'XYZ';
    },
    path: 'currency',
    message:
      '"XYZ" is not a supported currency (EUR, USD, AUD, NOK, CAD, NZD, DKK, GBP, HKD, CHF, MXN, SGD, SEK, CZK, ILS, PHP, RUB, PLN, THB, MYR, ARS, BRL, COP, IDR, INR, JPY, ZAR)',
  },
  {
    name: 'a negative shipping price',
    change: (s) => {
      s.store.shippingOptions[1].priceCents = -5;
    },
    path: 'store.shippingOptions[1].priceCents',
    message: 'must be from 0 to 2000000000 (got -5)',
  },
  {
    name: 'a shipping price in fractions of a minor unit',
    change: (s) => {
      s.store.shippingOptions[0].priceCents = 12.5;
    },
    path: 'store.shippingOptions[0].priceCents',
    message: 'must be a whole number',
  },
  {
    name: 'a shipping option without a name',
    change: (s) => {
      s.store.shippingOptions[0].name = '  ';
    },
    path: 'store.shippingOptions[0].name',
    message: 'is required',
  },
  {
    name: 'two shipping options with one id',
    change: (s) => {
      s.store.shippingOptions[1].id = 'standard';
    },
    path: 'store.shippingOptions[1].id',
    message: '"standard" is the id of another shipping option',
  },
  {
    name: 'a tax rule for a country that is not a code',
    change: (s) => {
      s.store.taxRules[0].country = 'USA';
    },
    path: 'store.taxRules[0].country',
    message: '"USA" must be a two-letter country code in capitals, such as "US"',
  },
  {
    name: 'a tax rate over 100%',
    change: (s) => {
      s.store.taxRules[0].rateBasisPoints = 10001;
    },
    path: 'store.taxRules[0].rateBasisPoints',
    message: 'must be from 0 to 10000 (got 10001)',
  },
  {
    name: 'two tax rules for one region',
    change: (s) => {
      s.store.taxRules.push({ country: 'US', region: 'ny', rateBasisPoints: 400 });
    },
    path: 'store.taxRules[1].region',
    message: 'US NY has another tax rule already',
  },
  {
    name: 'a coupon with two reductions',
    change: (s) => {
      s.store.coupons[0].amountOffCents = 500;
    },
    path: 'store.coupons[0]',
    message: 'needs exactly one reduction: "percentOff", "amountOffCents" or "freeShipping": true',
  },
  {
    name: 'a coupon percentage over 100',
    change: (s) => {
      s.store.coupons[0].percentOff = 120;
    },
    path: 'store.coupons[0].percentOff',
    message: 'must be a number from 0.01 to 100, to the hundredth (got 120)',
  },
  {
    name: 'two coupons with one code in another case',
    change: (s) => {
      s.store.coupons[1].code = 'welcome10';
    },
    path: 'store.coupons[1].code',
    message: '"welcome10" is the code of another coupon (codes are case-insensitive)',
  },
  {
    name: 'a coupon code with a space',
    change: (s) => {
      s.store.coupons[0].code = 'WELCOME 10';
    },
    path: 'store.coupons[0].code',
    message: '"WELCOME 10" may hold only letters, digits, "-" and "_" (64 at most)',
  },
  {
    name: 'a coupon that ends before it starts',
    change: (s) => {
      Object.assign(s.store.coupons[0], { startsOn: '2025-03-01T05:00:00.000Z', endsOn: '2025-02-01T05:00:00.000Z' });
    },
    path: 'store.coupons[0].endsOn',
    message: 'must be after startsOn',
  },
  {
    name: 'a coupon start that is not a date',
    change: (s) => {
      s.store.coupons[0].startsOn = 'next monday';
    },
    path: 'store.coupons[0].startsOn',
    message: 'must be an ISO 8601 date such as "2025-03-01T09:00:00Z" (got "next monday")',
  },
  {
    name: 'a coupon use limit of 0',
    change: (s) => {
      s.store.coupons[0].usageLimit = 0;
    },
    path: 'store.coupons[0].usageLimit',
    message: 'must be from 1 to 1000000000 (got 0)',
  },
  {
    name: 'a minimum order subtotal that is text',
    change: (s) => {
      s.store.minimumOrderSubtotal = '10';
    },
    path: 'store.minimumOrderSubtotal',
    message: 'must be a whole number',
  },
  {
    name: 'no payment provider',
    change: (s) => {
      s.store.paymentProviders = [];
    },
    path: 'store.paymentProviders',
    message: 'must list at least one payment provider',
  },
  {
    name: 'a payment provider listed twice',
    change: (s) => {
      s.store.paymentProviders = ['offline', 'offline'];
    },
    path: 'store.paymentProviders[1]',
    message: '"offline" is listed twice',
  },
  {
    name: 'a scarcity threshold below 0',
    change: (s) => {
      s.store.merchandising = { scarcityThreshold: -1 };
    },
    path: 'store.merchandising.scarcityThreshold',
    message: 'must be from 0 to 1000000 (got -1)',
  },
  {
    name: 'reviews switched on with a word',
    change: (s) => {
      s.store.merchandising = { reviewsEnabled: 'yes' };
    },
    path: 'store.merchandising.reviewsEnabled',
    message: 'must be true or false',
  },
  {
    name: 'a donation maximum under its minimum',
    change: (s) => {
      s.store.donations = { minCents: 500, maxCents: 100, presetAmountsCents: [] };
    },
    path: 'store.donations.maxCents',
    message: 'must not be less than minCents',
  },
  {
    name: 'a donation preset outside the limits',
    change: (s) => {
      s.store.donations.presetAmountsCents = [50];
    },
    path: 'store.donations.presetAmountsCents[0]',
    message: 'must be from minCents to maxCents (100 to 100000, got 50)',
  },
  {
    name: 'an unknown installment provider',
    change: (s) => {
      s.store.installments.provider = 'klarna';
    },
    path: 'store.installments.provider',
    message: '"klarna" is not one of afterpay, clearpay',
  },
  {
    name: 'a store that is a list',
    change: (s) => {
      s.store = [];
    },
    path: 'store',
    message: 'must be an object',
  },
];
