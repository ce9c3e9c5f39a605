// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreSettings, StripeKeys } from '../../src/pages/store/calls.js';
import StorePage, { type StoreContext } from '../../src/pages/store/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const SETTINGS = '/api/owner/store-settings';
const KEYS = '/api/owner/payments/stripe';
const context: StoreContext = { page: 'store', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test', timeZone: 'UTC' };

function settings(store: Record<string, unknown> = {}): StoreSettings {
  return {
    version: 'v1',
    currency: 'USD',
    currencies: [{ code: 'USD', name: 'US Dollar', fractionDigits: 2 }],
    paymentProviders: [
      { id: 'offline', name: 'Offline' },
      { id: 'stripe', name: 'Stripe: cards, Apple Pay, Google Pay, Afterpay/Clearpay, Klarna' },
    ],
    couponUses: {},
    store: { paymentProviders: ['offline'], shippingOptions: [], taxRules: [], coupons: [], ...store },
  };
}

function keys(extra: Partial<StripeKeys> = {}): StripeKeys {
  return {
    testMode: true,
    secretKeySet: { test: true, live: false },
    secretKeyHint: { test: '…4242', live: null },
    webhookSecretSet: { test: false, live: true },
    webhookSecretHint: { test: null, live: '…9f3a' },
    webhookUrl: 'https://shop.test/api/commerce/webhooks/stripe',
    ...extra,
  };
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

async function open(server: ReturnType<typeof fakeServer>) {
  document.cookie = 'crumb=crumb-7';
  render(<StorePage context={context} api={createApi({ fetch: server.fetch })} />);
  await settle();
}

const stripe = () => screen.getByRole('region', { name: 'Stripe' });
const puts = (server: ReturnType<typeof fakeServer>, path: string) => server.to(path).filter((r) => r.method === 'PUT');

describe('the Stripe section of the store settings page', () => {
  it('shows which secrets are set by their last four characters only, the webhook URL and the events to send', async () => {
    const server = fakeServer()
      .once(SETTINGS, () => json(200, settings({ stripe: { testMode: true, testPublishableKey: 'pk_test_51Abc', paymentMethods: ['klarna'] } })))
      .once(KEYS, () => json(200, keys()));
    await open(server);
    const s = within(stripe());
    expect((s.getByLabelText(/^Test mode/) as HTMLInputElement).checked).toBe(true);
    expect((s.getByLabelText('Test publishable key') as HTMLInputElement).value).toBe('pk_test_51Abc');
    expect((s.getByLabelText('Klarna') as HTMLInputElement).checked).toBe(true);
    expect((s.getByLabelText('Afterpay/Clearpay') as HTMLInputElement).checked).toBe(false);
    expect(s.getByText('Set, ending 4242')).toBeTruthy();
    expect(s.getByText('Set, ending 9f3a')).toBeTruthy();
    expect((s.getByLabelText('Live secret key') as HTMLInputElement).type).toBe('password');
    expect((s.getByLabelText('Test webhook signing secret') as HTMLInputElement).value).toBe('');
    expect((s.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('https://shop.test/api/commerce/webhooks/stripe');
    for (const event of ['payment_intent.succeeded', 'charge.dispute.created', 'refund.failed']) expect(s.getByText(event)).toBeTruthy();
  });

  it('saves a secret at once on its own, replaces one, and removes one only after asking', async () => {
    const server = fakeServer()
      .once(SETTINGS, () => json(200, settings()))
      .once(KEYS, () => json(200, keys()))
      .once(KEYS, () => json(200, keys({ secretKeySet: { test: true, live: true }, secretKeyHint: { test: '…4242', live: '…0001' } })))
      .once(KEYS, () => json(200, keys({ secretKeySet: { test: true, live: true }, secretKeyHint: { test: '…7777', live: '…0001' } })))
      .once(KEYS, () =>
        json(
          200,
          keys({ secretKeySet: { test: true, live: true }, secretKeyHint: { test: '…7777', live: '…0001' }, webhookSecretSet: { test: false, live: false } }),
        ),
      );
    await open(server);
    const s = within(stripe());
    const live = s.getByLabelText('Live secret key');
    fireEvent.change(live, { target: { value: 'sk_live_51Zz0001' } });
    fireEvent.keyDown(live, { key: 'Enter' });
    await settle();
    expect(puts(server, KEYS).map((r) => r.body)).toEqual([{ liveSecretKey: 'sk_live_51Zz0001' }]);
    expect(puts(server, SETTINGS)).toHaveLength(0);
    expect(s.getByText('Set, ending 0001')).toBeTruthy();
    expect(s.getByText('Saved. Only its last four characters are shown from now on.')).toBeTruthy();

    fireEvent.click(s.getByRole('button', { name: 'Replace the test secret key' }));
    await settle();
    const replacing = s.getByLabelText('Test secret key');
    expect(document.activeElement).toBe(replacing);
    fireEvent.change(replacing, { target: { value: 'sk_test_51New7777' } });
    fireEvent.click(s.getByRole('button', { name: 'Set the test secret key' }));
    await settle();
    expect(puts(server, KEYS)[1]!.body).toEqual({ testSecretKey: 'sk_test_51New7777' });
    expect(puts(server, KEYS)[1]!.headers['x-csrf-token']).toBe('crumb-7');
    expect(s.getByText('Set, ending 7777')).toBeTruthy();

    fireEvent.click(s.getByRole('button', { name: 'Remove the live webhook signing secret' }));
    await settle();
    const ask = s.getByRole('alertdialog');
    expect(ask.textContent).toContain('Remove the live webhook signing secret?');
    expect(puts(server, KEYS)).toHaveLength(2);
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    await settle();
    expect(puts(server, KEYS)[2]!.body).toEqual({ liveWebhookSecret: null });
    expect(s.getByText('Removed.')).toBeTruthy();
    expect((s.getByLabelText('Live webhook signing secret') as HTMLInputElement).type).toBe('password');
  });

  it("shows the server's refusal of a secret beside its input", async () => {
    const server = fakeServer()
      .once(SETTINGS, () => json(200, settings()))
      .once(KEYS, () => json(200, keys()))
      .once(KEYS, () =>
        json(400, {
          error: 'One or more fields is invalid, please check your entries.',
          code: 'VALIDATION_FAILED',
          errors: { liveSecretKey: 'Enter a live secret key: it starts with sk_live_ or rk_live_.' },
        }),
      );
    await open(server);
    const s = within(stripe());
    const live = s.getByLabelText('Live secret key');
    fireEvent.change(live, { target: { value: 'sk_test_51Oops' } });
    fireEvent.click(s.getByRole('button', { name: 'Set the live secret key' }));
    await settle();
    expect(live.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(live.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe(
      'Enter a live secret key: it starts with sk_live_ or rk_live_.',
    );
    expect(s.getByText('Not saved: Enter a live secret key: it starts with sk_live_ or rk_live_.')).toBeTruthy();
  });

  it('saves the public settings with the page: test mode, publishable keys, methods and express checkout, keeping what it does not edit', async () => {
    const server = fakeServer()
      .once(SETTINGS, () => json(200, settings({ stripe: { testMode: true, extra: 'kept' } })))
      .once(KEYS, () => json(200, keys()))
      .once(SETTINGS, (r) => json(200, { ...settings(), version: 'v2', store: (r.body as { store: Record<string, unknown> }).store }));
    await open(server);
    const s = within(stripe());
    fireEvent.click(s.getByLabelText(/^Test mode/));
    fireEvent.change(s.getByLabelText('Live publishable key'), { target: { value: ' pk_live_51Live ' } });
    fireEvent.click(s.getByLabelText('Afterpay/Clearpay'));
    fireEvent.click(s.getByLabelText('Klarna'));
    fireEvent.click(s.getByLabelText('Apple Pay and Google Pay buttons on product and cart pages'));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Stripe: cards/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const body = puts(server, SETTINGS)[0]!.body as { store: Record<string, unknown> };
    expect(body.store.stripe).toEqual({
      testMode: false,
      extra: 'kept',
      livePublishableKey: 'pk_live_51Live',
      paymentMethods: ['afterpay_clearpay', 'klarna'],
      expressCheckout: true,
    });
    expect(body.store.paymentProviders).toEqual(['offline', 'stripe']);
  });

  it('writes no stripe object for a store that never used it', async () => {
    const server = fakeServer()
      .once(SETTINGS, () => json(200, settings()))
      .once(KEYS, () => json(200, keys()))
      .once(SETTINGS, (r) => json(200, { ...settings(), store: (r.body as { store: Record<string, unknown> }).store }));
    await open(server);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect((puts(server, SETTINGS)[0]!.body as { store: Record<string, unknown> }).store.stripe).toBeUndefined();
  });
});
