// @vitest-environment jsdom
// The checkout's Payment Element with a stand-in for Stripe.js: what it is made with for a given
// purchase, the order of a payment (element checks, one placed order, the confirmation, the way on),
// a declined card tried again on the same PaymentIntent, and Stripe.js failing to load.
import { act, fireEvent, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { ShoppingCart } from '../../src/api/types.js';
import { createCartStore } from '../../src/islands/shared/cart-store.js';
import { CheckoutPage } from '../../src/pages/checkout/CheckoutPage.js';
import type { Purchase } from '../../src/pages/checkout/purchase.js';
import type { StripeLoader } from '../../src/stripe/types.js';
import { type Network, apiOn, cart, entry, format, json, network } from './helpers.js';
import { STRIPE_SETTINGS, type StripeStandIn, stripeStandIn } from './stripe-stand-in.js';

const MUG = entry({ id: 'mug', title: 'Stoneware Mug', quantity: 2, subTotalCents: 5600 });
const GUIDE = entry({ id: 'guide', title: 'Brew Guide', subTotalCents: 1200, productType: 2 });
const STANDARD = { id: 'standard', name: 'Standard', priceCents: 600, freeOverCents: null, costCents: 600 };
const US = { country: 'US', region: 'NY', postalCode: '12534' };
const SHIPPED = (over: Partial<ShoppingCart> = {}) =>
  cart([MUG], { selectedShippingOption: STANDARD, shippingCostCents: 600, grandTotalCents: 6200, shippingLocation: US, ...over });
const PLACED = () =>
  json(201, {
    order: { id: 'o1', orderNumber: 1001, grandTotalCents: 6200, paymentStatus: 'PENDING' },
    confirmationUrl: '/checkout/order-confirmed?token=t1',
    orderStatusUrl: '/commerce/order-status?token=t1',
    payment: { provider: 'stripe', clientSecret: 'pi_1_secret_2' },
  });

let net: Network;
let root: Root | null = null;
let navigate: Mock<(url: string) => void>;
let stand: StripeStandIn;
let keys: number;

async function mount(
  current: ShoppingCart,
  options: { purchase?: Purchase; load?: StripeLoader; providers?: string[]; settings?: typeof STRIPE_SETTINGS | null } = {},
) {
  document.body.innerHTML = '<main><h1>Checkout</h1><div id="tessera-checkout"></div></main>';
  net.always('GET', '/api/commerce/shopping-cart', () => json(200, current));
  act(() => {
    root = createRoot(document.getElementById('tessera-checkout')!);
    root.render(
      <CheckoutPage
        purchase={options.purchase ?? { kind: 'cart' }}
        api={apiOn(net)}
        store={createCartStore()}
        providers={options.providers ?? ['stripe', 'test']}
        format={format}
        navigate={navigate}
        newKey={() => `key-${++keys}`}
        stripe={{ settings: options.settings === undefined ? STRIPE_SETTINGS : options.settings, load: options.load ?? stand.load, currency: 'USD' }}
      />,
    );
  });
  await settle();
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const place = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place order' })));
  await settle();
};
function fillAddress() {
  type(/^Email/, 'ada@example.com');
  type(/^First name/, 'Ada');
  type(/^Last name/, 'Lovelace');
  type(/^Address \*/, '1 Main St');
  type(/^City/, 'Hudson');
}
const checkouts = () => net.to('POST', '/api/commerce/checkout');

beforeEach(() => {
  net = network();
  navigate = vi.fn();
  stand = stripeStandIn();
  keys = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the checkout with Stripe', () => {
  it('makes the Payment Element in deferred mode with the amount due and the types core offers, and updates it when the country changes', async () => {
    await mount(SHIPPED());
    // A physical-only US cart in USD with Afterpay/Clearpay on: cards and Afterpay/Clearpay.
    expect(screen.getByLabelText('Card, Apple Pay, Google Pay, Afterpay/Clearpay')).toHaveProperty('checked', true);
    expect(stand.keys).toEqual(['pk_test_standin']);
    expect(stand.created).toEqual([
      expect.objectContaining({ mode: 'payment', amount: 6200, currency: 'usd', paymentMethodTypes: ['card', 'afterpay_clearpay'] }),
    ]);
    expect(stand.created[0]!.appearance).toMatchObject({ theme: 'stripe', variables: expect.any(Object) });
    expect(stand.created[0]).not.toHaveProperty('setupFutureUsage');
    const container = screen.getByRole('group', { name: 'Payment details' });
    expect(stand.elementsMade.map((e) => [e.type, e.mountedIn])).toEqual([['payment', container]]);
    // Another country: the element is told, not made again.
    type(/^Country/, 'GB');
    await settle();
    expect(stand.updates.at(-1)).toEqual({ amount: 6200, currency: 'usd', paymentMethodTypes: ['card'] });
    expect(screen.getByLabelText('Card, Apple Pay, Google Pay')).toBeTruthy();
    expect(stand.created).toHaveLength(1);
    // Another provider hides the element; picking Stripe again shows the same one.
    fireEvent.click(screen.getByLabelText('Card'));
    expect(container.parentElement!.hidden).toBe(true);
    fireEvent.click(screen.getByLabelText('Card, Apple Pay, Google Pay'));
    expect(container.parentElement!.hidden).toBe(false);
    expect(stand.elementsMade).toHaveLength(1);
  });

  it('offers cards only for a digital cart, and keeps a subscription’s card for its renewals', async () => {
    await mount(cart([GUIDE], { shippingLocation: US }));
    expect(stand.created.at(-1)).toMatchObject({ amount: 1200, paymentMethodTypes: ['card'] });
    act(() => root?.unmount());
    await mount(SHIPPED(), { purchase: { kind: 'subscription', cartToken: 'sub-token' } });
    expect(stand.created.at(-1)).toMatchObject({ amount: 6200, paymentMethodTypes: ['card'], setupFutureUsage: 'off_session' });
  });

  it('checks the element, places the order once with one key, confirms its PaymentIntent and goes to the confirmation', async () => {
    await mount(SHIPPED());
    net.on('POST', '/api/commerce/checkout', () => {
      stand.log.push('POST');
      return PLACED();
    });
    fillAddress();
    await place();
    expect(stand.log.slice(stand.log.indexOf('submit'))).toEqual(['submit', 'POST', 'confirm pi_1_secret_2']);
    expect(checkouts()).toHaveLength(1);
    expect(checkouts()[0]!.headers['idempotency-key']).toBe('key-1');
    expect(checkouts()[0]!.body).toMatchObject({
      email: 'ada@example.com',
      shippingAddress: { firstName: 'Ada', country: 'US' },
      shippingOptionId: 'standard',
      payment: { provider: 'stripe' },
    });
    expect(checkouts()[0]!.body).not.toHaveProperty('payment.cardNumber');
    const confirmation = stand.confirmations[0]!;
    expect(confirmation).toMatchObject({
      clientSecret: 'pi_1_secret_2',
      redirect: 'if_required',
      confirmParams: { return_url: new URL('/checkout/order-confirmed?token=t1', window.location.href).href },
    });
    expect(confirmation.elements).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('/checkout/order-confirmed?token=t1');
  });

  it('leaves the order alone when the element finds a problem in its own fields', async () => {
    await mount(SHIPPED());
    stand.submitAnswers.push({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    fillAddress();
    await place();
    expect(checkouts()).toEqual([]);
    expect(stand.confirmations).toEqual([]);
    expect(screen.getByRole('button', { name: 'Place order' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows and announces a declined card beside the element, and the next try confirms the same PaymentIntent', async () => {
    await mount(SHIPPED());
    net.on('POST', '/api/commerce/checkout', PLACED);
    stand.confirmAnswers.push({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    fillAddress();
    await place();
    const alert = screen.getByText('Your card was declined.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('group', { name: 'Payment details' }).parentElement!.contains(alert)).toBe(true);
    expect(screen.getByRole('button', { name: 'Place order' }).getAttribute('aria-disabled')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    await place();
    expect(checkouts()).toHaveLength(1);
    expect(stand.confirmations.map((c) => c.clientSecret)).toEqual(['pi_1_secret_2', 'pi_1_secret_2']);
    expect(stand.log.filter((l) => l === 'submit')).toHaveLength(2);
    expect(screen.queryByText('Your card was declined.')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/checkout/order-confirmed?token=t1');
  });

  it('places a free order without Stripe: nothing is due, so nothing is loaded or confirmed', async () => {
    const free = entry({ id: 'sample', title: 'Free Sample', subTotalCents: 0, productType: 2 });
    await mount(cart([free], { grandTotalCents: 0 }));
    type(/^Email/, 'ada@example.com');
    net.on('POST', '/api/commerce/checkout', () =>
      json(201, {
        order: { id: 'o2', orderNumber: 1002, grandTotalCents: 0, paymentStatus: 'PAID' },
        confirmationUrl: '/checkout/order-confirmed?token=t2',
        orderStatusUrl: '/x',
      }),
    );
    await place();
    expect(stand.keys).toEqual([]);
    expect(checkouts().map((c) => c.body)).toEqual([expect.objectContaining({ payment: { provider: 'stripe' } })]);
    expect(navigate).toHaveBeenCalledWith('/checkout/order-confirmed?token=t2');
  });

  it('loads nothing from Stripe on a site that does not offer it', async () => {
    await mount(SHIPPED(), { settings: null, providers: ['offline', 'test'] });
    fireEvent.click(screen.getByLabelText('Card'));
    await settle();
    expect(stand.keys).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Payment details' })).toBeNull();
  });

  it('says card payments are unavailable when Stripe.js fails to load, and the other providers still work', async () => {
    await mount(SHIPPED(), { load: () => Promise.reject(new Error('Failed to load Stripe.js')) });
    expect(screen.getByRole('alert').textContent).toBe('Card payments are unavailable right now. Please try again later.');
    fillAddress();
    await place();
    expect(checkouts()).toEqual([]);
    fireEvent.click(screen.getByLabelText('Card'));
    type(/^Card number/, '4242 4242 4242 4242');
    net.on('POST', '/api/commerce/checkout', PLACED);
    await place();
    expect(checkouts().map((c) => c.body)).toEqual([expect.objectContaining({ payment: { provider: 'test', cardNumber: '4242 4242 4242 4242' } })]);
    expect(navigate).toHaveBeenCalledWith('/checkout/order-confirmed?token=t1');
  });
});
