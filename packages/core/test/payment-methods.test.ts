import { describe, expect, it } from 'vitest';
import { ProductType } from '../src/enums/index.js';
import { stripeMethodTypes } from '../src/cart/index.js';

const base = {
  enabled: ['afterpay_clearpay', 'klarna'],
  currency: 'USD',
  amountCents: 12_000,
  productTypes: [ProductType.PHYSICAL, ProductType.PHYSICAL],
  country: 'US',
};

describe('stripeMethodTypes', () => {
  it('offers Afterpay and Klarna to a US shopper paying dollars for physical goods', () => {
    expect(stripeMethodTypes(base)).toEqual(['card', 'afterpay_clearpay', 'klarna']);
  });

  it('treats the US territories as the United States', () => {
    expect(stripeMethodTypes({ ...base, country: 'pr' })).toEqual(['card', 'afterpay_clearpay', 'klarna']);
  });

  it('keeps Afterpay from a cart holding anything but physical products', () => {
    expect(stripeMethodTypes({ ...base, productTypes: [ProductType.PHYSICAL, ProductType.DIGITAL] })).toEqual(['card', 'klarna']);
  });

  it('offers only what the owner turned on', () => {
    expect(stripeMethodTypes({ ...base, enabled: [] })).toEqual(['card']);
    expect(stripeMethodTypes({ ...base, enabled: ['klarna'] })).toEqual(['card', 'klarna']);
  });

  it('needs the currency of the shopper country', () => {
    expect(stripeMethodTypes({ ...base, country: 'CA' })).toEqual(['card']);
    expect(stripeMethodTypes({ ...base, country: 'GB', currency: 'GBP' })).toEqual(['card', 'afterpay_clearpay', 'klarna']);
    expect(stripeMethodTypes({ ...base, country: 'DE', currency: 'EUR' })).toEqual(['card', 'klarna']);
  });

  it('keeps Afterpay within the store range, else the provider range', () => {
    const installments = { provider: 'afterpay', minCents: 3_500, maxCents: 100_000 };
    expect(stripeMethodTypes({ ...base, amountCents: 3_500, installments })).toEqual(['card', 'klarna']);
    expect(stripeMethodTypes({ ...base, amountCents: 3_501, installments })).toEqual(['card', 'afterpay_clearpay', 'klarna']);
    expect(stripeMethodTypes({ ...base, amountCents: 100_001, installments })).toEqual(['card', 'klarna']);
    expect(stripeMethodTypes({ ...base, amountCents: 400_001 })).toEqual(['card', 'klarna']);
    expect(stripeMethodTypes({ ...base, country: 'GB', currency: 'GBP', amountCents: 100_001 })).toEqual(['card', 'klarna']);
  });

  it('offers cards only to a subscription, or before the country is known', () => {
    expect(stripeMethodTypes({ ...base, subscription: true })).toEqual(['card']);
    expect(stripeMethodTypes({ ...base, country: null })).toEqual(['card']);
  });
});
