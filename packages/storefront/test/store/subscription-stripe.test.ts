// @vitest-environment jsdom
// A Stripe subscription's "Update payment method" with a stand-in for Stripe.js: the SetupIntent's
// secret asked of the server, the Payment Element made in setup mode with it, confirmSetup's
// arguments, the confirm route called once, and a refused card announced and tried again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSubscriptionApi } from '../../src/api/subscription.js';
import { mount } from '../../src/islands/subscription/index.js';
import { type Network, json, network } from './helpers.js';
import { STRIPE_SETTINGS, type StripeStandIn, stripeStandIn } from './stripe-stand-in.js';

const METHOD = '/api/commerce/subscription/payment-method';
const CONFIRM = '/api/commerce/subscription/payment-method/confirm';
const SECRET = 'seti_123_secret_456';
const sub = (over: Record<string, unknown> = {}) => ({ status: 'active', paymentMethod: 'Visa ending 0341', nextBillingDate: null, ...over });

let net: Network;
let stand: StripeStandIn;

async function render(provider = 'stripe', settings: typeof STRIPE_SETTINGS | null = STRIPE_SETTINGS) {
  document.body.innerHTML = `<main><dl><dd class="subscription-status">Payment failed: we will try again</dd><dd class="subscription-method">Visa ending 0341</dd><div class="subscription-retry"><dt>Next try</dt><dd>Dec 1</dd></div></dl><p class="notice subscription-past-due">Your last payment did not go through.</p>
    <div data-tessera-island="account" data-account-form="subscription" data-token="tok" data-title="Coffee Club" data-cancelable="true" data-method-updatable="true" data-provider="${provider}"></div></main>`;
  const api = createSubscriptionApi({ crumb: () => 'crumb-1', fetch: net.fetch, cookiesEnabled: () => true });
  const context = { storeSettings: settings ? { stripe: settings } : {} } as never;
  await mount([document.querySelector('[data-account-form]')!], { context, load: stand.load, api });
}
const settle = async () => {
  for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
};
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name && !b.hidden)!;
const status = () => document.querySelector('[role="status"]')!;
const click = async (name: string) => {
  button(name).click();
  await settle();
};

beforeEach(() => {
  net = network();
  stand = stripeStandIn();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe("a Stripe subscription's card update", () => {
  it('asks the server for a SetupIntent, makes the element in setup mode with its secret, confirms, keeps the card once and says so', async () => {
    net.on('POST', METHOD, () => json(200, { subscription: sub(), clientSecret: SECRET }));
    net.on('POST', CONFIRM, () => json(200, { subscription: sub({ paymentMethod: 'Visa ending 4242' }), renewal: 'paid' }));
    await render();
    // Nothing of Stripe before the customer asks for the form.
    expect(stand.keys).toEqual([]);
    expect(document.querySelector('label[for="subscription-card-number"]')).toBeNull();
    await click('Change card');
    expect(net.to('POST', METHOD).map((r) => r.body)).toEqual([{ token: 'tok', payment: {} }]);
    expect(stand.keys).toEqual(['pk_test_standin']);
    expect(stand.created).toEqual([expect.objectContaining({ clientSecret: SECRET, appearance: expect.any(Object) })]);
    const group = document.querySelector('[role="group"][aria-label="Card details"]') as HTMLElement;
    expect(stand.elementsMade.map((e) => [e.type, e.mountedIn])).toEqual([['payment', group]]);
    expect(status().getAttribute('aria-live')).toBe('polite');

    await click('Save card');
    expect(stand.setups).toEqual([{ elements: expect.any(Object), confirmParams: { return_url: window.location.href }, redirect: 'if_required' }]);
    expect(net.to('POST', CONFIRM).map((r) => r.body)).toEqual([{ token: 'tok', setupIntentId: 'seti_standin' }]);
    expect(status().textContent).toBe('Your card is saved, and the payment went through.');
    expect(status().classList.contains('field-error')).toBe(false);
    expect(document.querySelector('.subscription-method')!.textContent).toBe('Visa ending 4242');
    expect(document.querySelector('.subscription-status')!.textContent).toBe('Active');
    expect(document.querySelector('.subscription-retry, .subscription-past-due')).toBeNull();
    expect(stand.elementsMade[0]!.destroyed).toBe(true);
    expect(button('Change card')).toBe(document.activeElement);
  });

  it('announces a refused card and lets the customer try again; a failed keeping is retried without confirming twice', async () => {
    net.on('POST', METHOD, () => json(200, { subscription: sub(), clientSecret: SECRET }));
    net.on(
      'POST',
      CONFIRM,
      () => 'network-error',
      () => json(200, { subscription: sub({ paymentMethod: 'Mastercard ending 4444' }), renewal: null }),
    );
    stand.setupAnswers.push({ error: { type: 'card_error', message: 'Your card was declined.' } });
    await render();
    await click('Change card');
    await click('Save card');
    expect(status().textContent).toBe('Your card was declined.');
    expect(status().classList.contains('field-error')).toBe(true);
    expect(net.to('POST', CONFIRM)).toHaveLength(0);
    // Another try on the same element and SetupIntent.
    await click('Save card');
    expect(stand.setups).toHaveLength(2);
    expect(net.to('POST', CONFIRM)).toHaveLength(1);
    expect(status().classList.contains('field-error')).toBe(true);
    // Still past due: the retry date and the notice stay.
    expect(document.querySelectorAll('.subscription-retry, .subscription-past-due')).toHaveLength(2);
    await click('Save card');
    expect(stand.setups).toHaveLength(2);
    expect(net.to('POST', CONFIRM)).toHaveLength(2);
    expect(status().textContent).toBe('Your card is saved: the next payment uses it.');
    expect(net.to('POST', METHOD)).toHaveLength(1);
  });

  it('says so when Stripe.js cannot load or the server refuses, and keeps the test provider its own card field', async () => {
    net.on('POST', METHOD, () =>
      json(409, { code: 'SUBSCRIPTION_NOT_CHANGEABLE', error: 'This subscription cannot be changed that way now: it was paused, canceled or ended already.' }),
    );
    await render();
    await click('Change card');
    expect(status().textContent).toBe('This subscription cannot be changed that way now: it was paused, canceled or ended already.');
    expect(stand.keys).toEqual([]);

    net.on('POST', METHOD, () => json(200, { subscription: sub(), clientSecret: SECRET }));
    stand = { ...stand, load: async () => null };
    await render();
    await click('Change card');
    expect(status().textContent).toBe('The card form could not load. Check your connection, then reload the page.');
    expect(button('Change card').disabled).toBe(false);

    await render('test');
    expect(document.querySelector('label[for="subscription-card-number"]')!.textContent).toBe('Card number');
    expect(button('Change card')).toBeUndefined();
  });
});
