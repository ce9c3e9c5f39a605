// @vitest-environment jsdom
// The wallets' express checkout with a stand-in for Stripe.js: the cart page's (the wallet's
// address and rate through the cart's own calls, the order placed with the cart) and a product
// page's (one item, its totals by core's rules), each from the wallet's click to the confirmation.
import { CART_MESSAGES } from '@tessera/core/cart';
import { act, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { chosenOptions, productData, readProductMarkup } from '../../src/islands/add-to-cart/markup.js';
import { createCartStore } from '../../src/islands/shared/cart-store.js';
import { cartPurchase } from '../../src/stripe/express-cart.js';
import { productPurchase } from '../../src/stripe/express-product.js';
import { ExpressCheckout, type ExpressPurchase } from '../../src/stripe/ExpressCheckout.js';
import { type Network, apiOn, cart, entry, json, network, productItem, renderProduct } from './helpers.js';
import { STRIPE_SETTINGS, type StripeStandIn, stripeStandIn } from './stripe-stand-in.js';

const MUG = entry({ id: 'mug', title: 'Stoneware Mug', quantity: 2, subTotalCents: 5600 });
const OPTIONS = [
  { id: 'standard', name: 'Standard', priceCents: 600, freeOverCents: 7500, costCents: 600 },
  { id: 'express', name: 'Express', priceCents: 1500, freeOverCents: null, costCents: 1500 },
];
const CART = cart([MUG], { shippingOptions: OPTIONS });
const PLACED = () =>
  json(201, {
    order: { id: 'o1', orderNumber: 1001, grandTotalCents: 7100, paymentStatus: 'PENDING' },
    confirmationUrl: '/checkout/order-confirmed?token=t1',
    orderStatusUrl: '/commerce/order-status?token=t1',
    payment: { provider: 'stripe', clientSecret: 'pi_9_secret_9' },
  });
const WALLET_ADDRESS = { line1: '1 Main St', line2: null, city: 'Hudson', state: 'NY', postal_code: '12534', country: 'US' };

let net: Network;
let root: Root | null = null;
let navigate: Mock<(url: string) => void>;
let stand: StripeStandIn;

const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

async function mount(purchase: ExpressPurchase, amountCents: number) {
  const host = document.createElement('div');
  document.body.append(host);
  act(() => {
    root = createRoot(host);
    root.render(
      <ExpressCheckout
        settings={STRIPE_SETTINGS}
        load={stand.load}
        currency="USD"
        amountCents={amountCents}
        purchase={purchase}
        checkout={apiOn(net).checkout}
        navigate={navigate}
        newKey={() => 'express-key-1'}
        words={{ label: 'Express checkout', failed: 'Your payment could not be completed. Please try again.' }}
      />,
    );
  });
  await settle();
  return stand.elementsMade[0]!;
}

/** Fires a wallet event and waits for the page's answer to it (`resolve`, `reject` or `paymentFailed`). */
async function wallet(element: StripeStandIn['elementsMade'][number], name: string, detail: Record<string, unknown> = {}) {
  const answer = { resolve: vi.fn(), reject: vi.fn(), paymentFailed: vi.fn() };
  await act(async () => element.fire(name, { ...answer, ...detail }));
  await settle();
  return answer;
}

beforeEach(() => {
  net = network();
  navigate = vi.fn();
  stand = stripeStandIn();
  document.body.innerHTML = '';
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('express checkout on the cart page', () => {
  it('keeps its room while loading, and gives it back when the browser has no wallet', async () => {
    const store = createCartStore();
    store.setCart(CART);
    const element = await mount(cartPurchase(apiOn(net), store), CART.grandTotalCents);
    const group = screen.getByRole('group', { name: 'Express checkout' });
    expect(element.type).toBe('expressCheckout');
    expect(element.mountedIn).toBe(group);
    expect(stand.created[0]).toMatchObject({ mode: 'payment', amount: 5600, currency: 'usd', paymentMethodTypes: ['card'] });
    expect(group.parentElement!.hidden).toBe(false);
    await wallet(element, 'ready', { availablePaymentMethods: undefined });
    expect(group.parentElement!.hidden).toBe(true);
  });

  it('asks for the email and address, recalculates through the cart on address and rate, places the cart’s order and confirms it', async () => {
    const store = createCartStore();
    store.setCart(CART);
    const element = await mount(cartPurchase(apiOn(net), store), CART.grandTotalCents);
    await wallet(element, 'ready', { availablePaymentMethods: { applePay: true, googlePay: false } });
    expect(screen.getByRole('group', { name: 'Express checkout' }).parentElement!.hidden).toBe(false);

    const click = await wallet(element, 'click');
    expect(click.resolve).toHaveBeenCalledWith({
      emailRequired: true,
      phoneNumberRequired: false,
      shippingAddressRequired: true,
      shippingRates: [
        { id: 'standard', displayName: 'Standard', amount: 600 },
        { id: 'express', displayName: 'Express', amount: 1500 },
      ],
    });
    // No option chosen yet: the wallet's first rate on top of the cart's total.
    expect(stand.updates.at(-1)).toEqual({ amount: 6200 });

    const located = cart([MUG], { shippingOptions: OPTIONS, shippingLocation: { country: 'US', region: 'NY', postalCode: '12534' } });
    const withStandard = { ...located, selectedShippingOption: OPTIONS[0]!, shippingCostCents: 600, taxCents: 497, grandTotalCents: 6697 };
    net.on('PUT', '/api/commerce/shopping-cart/shipping-location', () => json(200, { shoppingCart: located }));
    net.on('PUT', '/api/commerce/shopping-cart/shipping-option', () => json(200, { shoppingCart: withStandard }));
    const address = await wallet(element, 'shippingaddresschange', {
      name: 'shippingaddresschange',
      address: { city: 'Hudson', state: 'ny', postal_code: '12534', country: 'US' },
    });
    expect(net.to('PUT', '/api/commerce/shopping-cart/shipping-location').map((r) => r.body)).toEqual([{ country: 'US', region: 'NY', postalCode: '12534' }]);
    expect(net.to('PUT', '/api/commerce/shopping-cart/shipping-option').map((r) => r.body)).toEqual([{ shippingOptionId: 'standard' }]);
    expect(stand.updates.at(-1)).toEqual({ amount: 6697 });
    expect(address.resolve).toHaveBeenCalledWith({ shippingRates: expect.arrayContaining([expect.objectContaining({ id: 'standard' })]) });
    expect(store.getState().cart?.grandTotalCents).toBe(6697);

    net.on('PUT', '/api/commerce/shopping-cart/shipping-option', () =>
      json(200, { shoppingCart: { ...withStandard, selectedShippingOption: OPTIONS[1]!, shippingCostCents: 1500, grandTotalCents: 7597 } }),
    );
    const rate = await wallet(element, 'shippingratechange', { shippingRate: { id: 'express', amount: 1500 } });
    expect(net.to('PUT', '/api/commerce/shopping-cart/shipping-option').at(-1)!.body).toEqual({ shippingOptionId: 'express' });
    expect(stand.updates.at(-1)).toEqual({ amount: 7597 });
    expect(rate.resolve).toHaveBeenCalled();

    net.on('POST', '/api/commerce/checkout', () => {
      stand.log.push('POST');
      return PLACED();
    });
    await wallet(element, 'confirm', {
      billingDetails: { email: 'ada@example.com', phone: '+15555550100' },
      shippingAddress: { name: 'Ada King Lovelace', address: WALLET_ADDRESS },
      shippingRate: { id: 'express' },
    });
    expect(stand.log.slice(stand.log.indexOf('submit'))).toEqual(['submit', 'POST', 'confirm pi_9_secret_9']);
    const [post] = net.to('POST', '/api/commerce/checkout');
    expect(post!.headers['idempotency-key']).toBe('express-key-1');
    expect(post!.body).toEqual({
      email: 'ada@example.com',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'King Lovelace',
        address1: '1 Main St',
        address2: '',
        city: 'Hudson',
        region: 'NY',
        postalCode: '12534',
        country: 'US',
        phone: '+15555550100',
      },
      shippingOptionId: 'express',
      payment: { provider: 'stripe' },
    });
    expect(stand.confirmations[0]).toMatchObject({
      clientSecret: 'pi_9_secret_9',
      redirect: 'if_required',
      confirmParams: { return_url: new URL('/checkout/order-confirmed?token=t1', window.location.href).href },
    });
    expect(navigate).toHaveBeenCalledWith('/checkout/order-confirmed?token=t1');
  });

  it('tells the wallet and the shopper when the order is refused, or the payment fails', async () => {
    const store = createCartStore();
    store.setCart(CART);
    const element = await mount(cartPurchase(apiOn(net), store), CART.grandTotalCents);
    const confirm = {
      billingDetails: { email: 'ada@example.com' },
      shippingAddress: { name: 'Ada', address: WALLET_ADDRESS },
      shippingRate: { id: 'standard' },
    };
    net.on('POST', '/api/commerce/checkout', () => json(409, { code: 'OUT_OF_STOCK', error: 'Some items in your cart are out of stock.' }));
    const refused = await wallet(element, 'confirm', confirm);
    expect(refused.paymentFailed).toHaveBeenCalledWith({ reason: 'fail' });
    expect(screen.getByRole('alert').textContent).toBe('Some items in your cart are out of stock.');
    expect(stand.confirmations).toEqual([]);

    net.on('POST', '/api/commerce/checkout', PLACED);
    stand.confirmAnswers.push({ error: { type: 'card_error', message: 'Your card was declined.' } });
    await wallet(element, 'confirm', confirm);
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined.');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('express checkout on a product page', () => {
  const item = productItem({
    id: 'mug',
    options: ['Color'],
    variants: [
      { sku: 'MUG-SAND', attributes: { Color: 'Sand' }, price: 2800 },
      { sku: 'MUG-SLATE', attributes: { Color: 'Slate' }, price: 3000, stock: 0 },
    ],
  });

  it('buys the chosen variant and quantity at once, its totals by core’s rules with the site’s options', async () => {
    const markup = readProductMarkup(renderProduct(item));
    (document.querySelector('select') as HTMLSelectElement).value = 'Sand';
    markup.quantityInput!.value = '3';
    net.always('GET', '/api/commerce/shopping-cart', () => json(200, CART));
    const element = await mount(productPurchase(markup, apiOn(net), { productData, chosenOptions }), 2800);
    const click = await wallet(element, 'click');
    // 3 × 28.00 = 84.00: the standard option is free over 75.00.
    expect(click.resolve).toHaveBeenCalledWith(
      expect.objectContaining({
        shippingAddressRequired: true,
        shippingRates: [
          { id: 'standard', displayName: 'Standard', amount: 0 },
          { id: 'express', displayName: 'Express', amount: 1500 },
        ],
      }),
    );
    expect(stand.updates.at(-1)).toEqual({ amount: 8400 });
    expect(net.to('GET', '/api/commerce/shopping-cart')[0]!.query.get('mock')).toBe('true');
    await wallet(element, 'shippingratechange', { shippingRate: { id: 'express' } });
    expect(stand.updates.at(-1)).toEqual({ amount: 9900 });
    net.on('POST', '/api/commerce/checkout', PLACED);
    await wallet(element, 'confirm', {
      billingDetails: { email: 'ada@example.com' },
      shippingAddress: { name: 'Ada Lovelace', address: WALLET_ADDRESS },
      shippingRate: { id: 'express' },
    });
    expect(net.to('POST', '/api/commerce/checkout')[0]!.body).toMatchObject({
      email: 'ada@example.com',
      expressCheckout: { itemId: 'mug', sku: 'MUG-SAND', quantity: 3 },
      shippingOptionId: 'express',
      payment: { provider: 'stripe' },
    });
    expect(stand.confirmations.map((c) => c.clientSecret)).toEqual(['pi_9_secret_9']);
    expect(navigate).toHaveBeenCalledWith('/checkout/order-confirmed?token=t1');
  });

  it('reads the price and stock of a product without choices from its page', async () => {
    const plain = productItem({ id: 'sticker', productType: 2, variants: [{ sku: 'STICKER', price: 400 }] });
    const markup = readProductMarkup(renderProduct(plain));
    net.always('GET', '/shop/sticker', () => json(200, { item: plain }));
    const element = await mount(productPurchase(markup, apiOn(net), { productData, chosenOptions }, { url: '/shop/sticker', fetch: net.fetch }), 0);
    const click = await wallet(element, 'click');
    // Digital: no address asked for.
    expect(click.resolve).toHaveBeenCalledWith({ emailRequired: true, phoneNumberRequired: false });
    expect(stand.updates.at(-1)).toEqual({ amount: 400 });
    net.on('POST', '/api/commerce/checkout', PLACED);
    await wallet(element, 'confirm', { billingDetails: { email: 'ada@example.com' } });
    expect(net.to('POST', '/api/commerce/checkout')[0]!.body).toEqual({
      email: 'ada@example.com',
      expressCheckout: { itemId: 'sticker', quantity: 1 },
      payment: { provider: 'stripe' },
    });
  });

  it('opens no wallet for a sold-out variant, and says why', async () => {
    const markup = readProductMarkup(renderProduct(item));
    (document.querySelector('select') as HTMLSelectElement).value = 'Slate';
    const element = await mount(productPurchase(markup, apiOn(net), { productData, chosenOptions }), 2800);
    const click = await wallet(element, 'click');
    expect(click.resolve).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(CART_MESSAGES.outOfStock);
  });
});
