// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { ShoppingCart } from '../../src/api/types.js';
import { createCartStore } from '../../src/islands/shared/cart-store.js';
import { CheckoutPage } from '../../src/pages/checkout/CheckoutPage.js';
import { type Purchase, readPurchase } from '../../src/pages/checkout/purchase.js';
import { CheckoutWordsContext, checkoutWords, type CheckoutWords } from '../../src/pages/words.js';
import { stringsForLanguage } from '@tessera/core/strings';
import { type Network, apiOn, cart, entry, format, json, network } from './helpers.js';

const MUG = entry({ id: 'mug', title: 'Stoneware Mug', quantity: 2, subTotalCents: 5600 });
const GUIDE = entry({ id: 'guide', title: 'Brew Guide', subTotalCents: 1200, productType: 2 });
const PLACED = () =>
  json(201, {
    order: { id: 'o1', orderNumber: 1001, grandTotalCents: 6200, paymentStatus: 'PENDING' },
    confirmationUrl: '/checkout/order-confirmed?token=t1',
    orderStatusUrl: '/commerce/order-status?token=t1',
  });

let net: Network;
let root: Root | null = null;
let navigate: Mock<(url: string) => void>;
let keys: number;

async function mount(purchase: Purchase, current: ShoppingCart | null, providers = ['offline', 'test'], words: CheckoutWords = checkoutWords(undefined)) {
  document.body.innerHTML = '<main><h1>Checkout</h1><div id="tessera-checkout"></div></main>';
  if (current) net.always('GET', '/api/commerce/shopping-cart', () => json(200, current));
  act(() => {
    root = createRoot(document.getElementById('tessera-checkout')!);
    root.render(
      <CheckoutWordsContext.Provider value={words}>
        <CheckoutPage
          purchase={purchase}
          api={apiOn(net)}
          store={createCartStore()}
          providers={providers}
          format={format}
          navigate={navigate}
          newKey={() => `key-${++keys}-0000`}
        />
      </CheckoutWordsContext.Provider>,
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
  type('State or region', 'NY');
  type(/^ZIP or postal code/, '12534');
}
const checkouts = () => net.to('POST', '/api/commerce/checkout');

beforeEach(() => {
  net = network();
  navigate = vi.fn();
  keys = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the checkout', () => {
  it('asks for what is missing before any call: email, address, shipping option, a valid card', async () => {
    await mount({ kind: 'cart' }, cart([MUG]));
    fireEvent.click(screen.getByLabelText('Card'));
    type(/^Email/, 'not-an-email');
    type(/^Card number/, '4242 4242 4242 4241');
    await place();
    expect(screen.getByText('Update the missing or invalid information above.')).toBeTruthy();
    const errorOf = (label: RegExp) => document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent;
    expect(errorOf(/^Email/)).toMatch(/^Email is not valid/);
    expect(errorOf(/^First name/)).toBe('Required');
    expect(errorOf(/^Card number/)).toBe('Enter a valid card number.');
    expect(screen.getByText('Choose a shipping option.')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(checkouts()).toEqual([]);
  });

  it('asks in the page’s language on a French page', async () => {
    await mount(
      { kind: 'cart' },
      cart([MUG]),
      ['offline', 'test'],
      checkoutWords({ language: 'fr-FR', localizedStrings: stringsForLanguage('fr-FR') } as never),
    );
    fireEvent.click(screen.getByLabelText('Carte'));
    type(/^E-mail/, 'not-an-email');
    type(/^Numéro de carte/, '4242 4242 4242 4241');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Passer la commande' })));
    await settle();
    expect(screen.getByText('Complétez les informations manquantes ou incorrectes ci-dessus.')).toBeTruthy();
    const errorOf = (label: RegExp) => document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent;
    expect(errorOf(/^E-mail/)).toBe('L’adresse e-mail n’est pas valide. Elle doit suivre le format email@example.com.');
    expect(errorOf(/^Prénom/)).toBe('Obligatoire');
    expect(errorOf(/^Numéro de carte/)).toBe('Saisissez un numéro de carte valide.');
    expect(screen.getByText('Choisissez un mode de livraison.')).toBeTruthy();
    expect(screen.getByText('Récapitulatif de la commande')).toBeTruthy();
    expect(screen.getByText('Quantité : 2')).toBeTruthy();
    expect(checkouts()).toEqual([]);
  });

  it('changes the cart’s shipping option through the API and announces the new total', async () => {
    const chosen = cart([MUG], { selectedShippingOption: cart([]).shippingOptions[0]!, shippingCostCents: 600, grandTotalCents: 6200 });
    net.on('PUT', '/api/commerce/shopping-cart/shipping-option', () => json(200, { shoppingCart: chosen }));
    await mount({ kind: 'cart' }, cart([MUG]));
    await act(async () => fireEvent.click(screen.getByLabelText(/Standard/)));
    await settle();
    expect(net.to('PUT', '/api/commerce/shopping-cart/shipping-option')[0]!.body).toEqual({ shippingOptionId: 'standard' });
    expect(screen.getByRole('status').textContent).toBe('Estimate updated. Total $62.00.');
    expect(within(screen.getByRole('complementary')).getByText('Total').nextSibling!.textContent).toBe('$62.00');
  });

  it('places the order with an Idempotency-Key and goes to the confirmation', async () => {
    net.on('POST', '/api/commerce/checkout', PLACED);
    await mount({ kind: 'cart' }, cart([MUG], { selectedShippingOption: cart([]).shippingOptions[0]! }));
    fillAddress();
    await place();
    const [sent] = checkouts();
    expect(sent!.headers['idempotency-key']).toBe('key-1-0000');
    expect(sent!.headers['x-csrf-token']).toBe('crumb-1');
    expect(sent!.body).toEqual({
      email: 'ada@example.com',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address1: '1 Main St',
        address2: '',
        city: 'Hudson',
        region: 'NY',
        postalCode: '12534',
        country: 'US',
        phone: '',
      },
      shippingOptionId: 'standard',
      payment: { provider: 'offline' },
    });
    expect(navigate).toHaveBeenCalledWith('/checkout/order-confirmed?token=t1');
  });

  it('retries a lost answer with the same key, and a declined card with a new one', async () => {
    net.on(
      'POST',
      '/api/commerce/checkout',
      () => 'network-error',
      () => json(402, { error: 'Your card was declined. Please use another card.', code: 'PAYMENT_DECLINED' }),
      PLACED,
    );
    await mount({ kind: 'cart' }, cart([GUIDE]));
    type(/^Email/, 'ada@example.com');
    fireEvent.click(screen.getByLabelText('Card'));
    type(/^Card number/, '4000 0000 0000 0002');
    await place();
    expect(screen.getByRole('alert').textContent).toBe('Please check your internet connection.');
    await place();
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined. Please use another card.');
    await place();
    expect(checkouts().map((r) => r.headers['idempotency-key'])).toEqual(['key-1-0000', 'key-1-0000', 'key-2-0000']);
    // A digital product ships nowhere: no address asked, none sent.
    expect(checkouts()[0]!.body).toEqual({ email: 'ada@example.com', payment: { provider: 'test', cardNumber: '4000 0000 0000 0002' } });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s field errors and gift card refusals at their fields', async () => {
    net.on(
      'POST',
      '/api/commerce/checkout',
      () =>
        json(400, { error: 'One or more fields is invalid, please check your entries.', code: 'VALIDATION_FAILED', errors: { email: 'Email is not valid.' } }),
      () => json(400, { error: 'That gift card code is not valid.', code: 'GIFT_CARD_INVALID' }),
    );
    await mount({ kind: 'cart' }, cart([GUIDE]));
    type(/^Email/, 'ada@example.com');
    type(/^Gift card code/, 'AAAA-BBBB');
    await place();
    expect(document.getElementById('checkout-email-error')!.textContent).toBe('Email is not valid.');
    await place();
    expect(document.getElementById('checkout-gift-card-error')!.textContent).toBe('That gift card code is not valid.');
    expect(checkouts()[1]!.body).toMatchObject({ giftCardCode: 'AAAA-BBBB' });
  });

  it('buys a subscription by its cart token', async () => {
    net.on('POST', '/api/commerce/checkout', PLACED);
    await mount({ kind: 'subscription', cartToken: 'tok' }, cart([GUIDE]));
    expect(net.to('GET', '/api/commerce/shopping-cart')[0]!.query.get('cartToken')).toBe('tok');
    type(/^Email/, 'ada@example.com');
    await place();
    expect(checkouts()[0]!.body).toEqual({ email: 'ada@example.com', cartToken: 'tok', payment: { provider: 'offline' } });
  });

  it('buys one item at once with express checkout, from what the product page handed over', async () => {
    document.body.innerHTML = '<div id="c"></div>';
    const storage = new Map([
      [
        'tessera:express-checkout',
        JSON.stringify({
          itemId: 'kettle',
          sku: 'KTL',
          quantity: 2,
          title: 'Kettle',
          attributes: { Colour: 'Black' },
          unitPriceCents: 9500,
          imageUrl: null,
          productType: 1,
          additionalFields: '{"note":"hi"}',
        }),
      ],
    ]);
    const purchase = readPurchase(document.getElementById('c')!, '?itemId=kettle&sku=KTL&quantity=2', { getItem: (k) => storage.get(k) ?? null })!;
    net.on('POST', '/api/commerce/checkout', PLACED);
    await mount(purchase, cart([]));
    expect(net.to('GET', '/api/commerce/shopping-cart')[0]!.query.get('mock')).toBe('true');
    expect(screen.getByText('Kettle')).toBeTruthy();
    expect(screen.getByText('Colour: Black')).toBeTruthy();
    fillAddress();
    fireEvent.click(screen.getByLabelText(/Standard/));
    await settle();
    expect(within(screen.getByRole('complementary')).getByText('Total').nextSibling!.textContent).toBe('$190.00');
    await place();
    expect(checkouts()[0]!.body).toMatchObject({
      expressCheckout: { itemId: 'kettle', sku: 'KTL', quantity: 2, additionalFields: '{"note":"hi"}' },
      shippingOptionId: 'standard',
    });
    expect(net.sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('reads a gift card page’s denomination, and nothing when none is chosen', () => {
    document.body.innerHTML =
      '<div id="a" data-item-id="gift" data-title="Gift card" data-sku="GFT-050" data-amount-cents="5000" data-amount-text="$50.00"></div><div id="b" data-item-id="gift"></div>';
    expect(readPurchase(document.getElementById('a')!, '', null)).toEqual({
      kind: 'express',
      line: {
        itemId: 'gift',
        sku: 'GFT-050',
        quantity: 1,
        title: 'Gift card',
        variantText: '$50.00',
        unitPriceCents: 5000,
        imageUrl: null,
        requiresShipping: false,
        productType: 4,
      },
    });
    expect(readPurchase(document.getElementById('b')!, '', null)).toBeNull();
  });
});
