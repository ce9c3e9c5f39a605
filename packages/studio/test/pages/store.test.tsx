// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreSettings } from '../../src/pages/store/calls.js';
import StorePage, { type StoreContext } from '../../src/pages/store/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const PATH = '/api/owner/store-settings';
const context: StoreContext = { page: 'store', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test', timeZone: 'America/New_York' };
const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', fractionDigits: 2 },
  { code: 'EUR', name: 'Euro', fractionDigits: 2 },
  { code: 'JPY', name: 'Yen', fractionDigits: 0 },
];

function settings(extra: Partial<StoreSettings> = {}, store: Record<string, unknown> = {}): StoreSettings {
  return {
    version: 'v1',
    currency: 'USD',
    currencies: CURRENCIES,
    paymentProviders: [
      { id: 'offline', name: 'Offline' },
      { id: 'test', name: 'Test card' },
    ],
    couponUses: { SPRING: 3 },
    store: {
      paymentProviders: ['offline', 'test'],
      minimumOrderSubtotal: 0,
      shippingOptions: [
        { id: 'standard', name: 'Standard', priceCents: 600, freeOverCents: 7500 },
        { id: 'express', name: 'Express', priceCents: 1800, carrierCode: 'kept' },
      ],
      taxRules: [{ country: 'US', region: 'NY', rateBasisPoints: 887 }],
      coupons: [
        { code: 'SPRING', percentOff: 12.5, startsOn: '2025-03-01T05:00:00.000Z', usageLimit: 100 },
        { code: 'SHIPFREE', freeShipping: true },
      ],
      merchandising: { reviewsEnabled: true, scarcityEnabled: true, scarcityText: 'Only {quantity} left', scarcityThreshold: 3 },
      providerKeys: { x: 'kept too' },
      ...store,
    },
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

const section = (name: string) => screen.getByRole('region', { name });
const saveBody = (server: ReturnType<typeof fakeServer>, i = 0) => server.to(PATH).filter((r) => r.method === 'PUT')[i]!.body as any;

describe("the owner's store settings page", () => {
  it('shows every section, amounts in the currency’s major units, coupon uses against their limits and dates in the site’s zone', async () => {
    const server = fakeServer().once(PATH, () => json(200, settings()));
    await open(server);
    for (const name of ['Currency', 'Shipping', 'Taxes', 'Coupons', 'Checkout & payments', 'Messages']) expect(section(name)).toBeTruthy();
    const standard = within(section('Shipping')).getByRole('group', { name: 'Standard' });
    expect((within(standard).getByLabelText('Price') as HTMLInputElement).value).toBe('6.00');
    expect((within(standard).getByLabelText('Free from a subtotal of') as HTMLInputElement).value).toBe('75.00');
    expect((within(section('Taxes')).getByLabelText('Rate') as HTMLInputElement).value).toBe('8.87');
    const spring = within(section('Coupons')).getByRole('group', { name: /^SPRING/ });
    expect(spring.querySelector('legend')!.textContent).toContain('Used 3 of 100');
    expect((within(spring).getByLabelText('Percent off') as HTMLInputElement).value).toBe('12.5');
    // 05:00 UTC is midnight in New York in March.
    expect((within(spring).getByLabelText('Starts') as HTMLInputElement).value).toBe('2025-03-01T00:00');
    const free = within(section('Coupons')).getByRole('group', { name: /^SHIPFREE/ });
    expect(free.querySelector('legend')!.textContent).toContain('Not used yet');
    expect((within(free).getByLabelText('Reduction') as HTMLSelectElement).value).toBe('freeShipping');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows an empty state for each empty list', async () => {
    const server = fakeServer().once(PATH, () => json(200, settings({ couponUses: {} }, { shippingOptions: [], taxRules: [], coupons: [] })));
    await open(server);
    expect(within(section('Shipping')).getByText(/No shipping options/)).toBeTruthy();
    expect(within(section('Taxes')).getByText('No tax rules: no tax is charged.')).toBeTruthy();
    expect(within(section('Coupons')).getByText('No coupons yet.')).toBeTruthy();
  });

  it('saves the changed settings in minor units with the version it read, keeping what it does not edit, and says so', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, settings()))
      .once(PATH, (r) => json(200, settings({ version: 'v2', store: (r.body as { store: Record<string, unknown> }).store })));
    await open(server);
    const express = within(section('Shipping')).getByRole('group', { name: 'Express' });
    fireEvent.change(within(express).getByLabelText('Price'), { target: { value: '19.5' } });
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes.');
    fireEvent.click(within(section('Coupons')).getByRole('button', { name: 'Add a coupon' }));
    const added = within(section('Coupons')).getByRole('group', { name: /^Coupon 3/ });
    fireEvent.change(within(added).getByLabelText('Code'), { target: { value: 'TENOFF' } });
    fireEvent.change(within(added).getByLabelText('Reduction'), { target: { value: 'amount' } });
    fireEvent.change(within(added).getByLabelText('Amount off'), { target: { value: '10' } });
    fireEvent.change(within(added).getByLabelText('Ends'), { target: { value: '2025-07-04T09:30' } });
    fireEvent.change(within(added).getByLabelText('Use limit'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const put = server.to(PATH).find((r) => r.method === 'PUT')!;
    expect(put.headers['x-csrf-token']).toBe('crumb-7');
    const body = saveBody(server);
    expect(body.version).toBe('v1');
    expect(body.currency).toBe('USD');
    expect(body.store.shippingOptions[1]).toEqual({ id: 'express', name: 'Express', priceCents: 1950, carrierCode: 'kept' });
    expect(body.store.shippingOptions[0]).toEqual({ id: 'standard', name: 'Standard', priceCents: 600, freeOverCents: 7500 });
    expect(body.store.coupons[0]).toEqual({ code: 'SPRING', percentOff: 12.5, startsOn: '2025-03-01T05:00:00.000Z', usageLimit: 100 });
    // 09:30 in New York in July is 13:30 UTC.
    expect(body.store.coupons[2]).toEqual({ code: 'TENOFF', amountOffCents: 1000, endsOn: '2025-07-04T13:30:00.000Z', usageLimit: 20 });
    expect(body.store.taxRules).toEqual([{ country: 'US', region: 'NY', rateBasisPoints: 887 }]);
    expect(body.store.providerKeys).toEqual({ x: 'kept too' });
    expect(body.store.merchandising).toMatchObject({ reviewsEnabled: true, scarcityText: 'Only {quantity} left', scarcityThreshold: 3 });
    expect(screen.getByRole('status').textContent).toBe('Saved. The shop uses these settings from now on.');
  });

  it('refuses amounts it cannot read before asking the server, beside their inputs, and moves the focus to the first', async () => {
    const server = fakeServer().once(PATH, () => json(200, settings()));
    await open(server);
    const standard = within(section('Shipping')).getByRole('group', { name: 'Standard' });
    const price = within(standard).getByLabelText('Price');
    fireEvent.change(price, { target: { value: '6.505' } });
    fireEvent.change(within(section('Taxes')).getByLabelText('Rate'), { target: { value: 'eight' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(server.to(PATH).filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('Enter at most 2 decimals.');
    expect(document.activeElement).toBe(price);
    expect(screen.getByRole('status').textContent).toBe('Not saved: 2 fields need attention.');
    // Correcting a field clears its error.
    fireEvent.change(price, { target: { value: '6.50' } });
    expect(price.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's field errors beside their inputs, and errors of fields it does not show by the Save button", async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, settings()))
      .once(PATH, () =>
        json(400, {
          error: 'One or more fields is invalid, please check your entries.',
          code: 'VALIDATION_FAILED',
          errors: {
            'store.shippingOptions.1.id': '"standard" is the id of another shipping option',
            'store.coupons.1': 'needs exactly one reduction: "percentOff", "amountOffCents" or "freeShipping": true',
            'store.somethingElse': 'must be an object',
          },
        }),
      );
    await open(server);
    fireEvent.change(within(within(section('Shipping')).getByRole('group', { name: 'Express' })).getByLabelText('Id'), { target: { value: 'standard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const id = within(within(section('Shipping')).getByRole('group', { name: 'Express' })).getByLabelText('Id');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(id.getAttribute('aria-describedby')).toContain('f-store-shippingOptions-1-id-error');
    expect(document.getElementById('f-store-shippingOptions-1-id-error')!.textContent).toBe('"standard" is the id of another shipping option');
    const reduction = within(within(section('Coupons')).getByRole('group', { name: /^SHIPFREE/ })).getByLabelText('Reduction');
    expect(reduction.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('store.somethingElse: must be an object')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Not saved: 3 fields need attention.');
    expect(document.activeElement).toBe(id);
  });

  it('says when someone else saved first, and reloads their settings on request', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, settings()))
      .once(PATH, () =>
        json(409, {
          error: 'Someone else saved the store settings after you opened them. Reload the page to see their changes, then make yours again.',
          code: 'STORE_SETTINGS_CHANGED',
        }),
      )
      .once(PATH, () => json(200, settings({ version: 'v9' }, { minimumOrderSubtotal: 2500 })));
    await open(server);
    fireEvent.change(screen.getByLabelText('Minimum order subtotal'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByText(/Someone else saved the store settings after you opened them/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Not saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload the settings' }));
    await settle();
    expect((screen.getByLabelText('Minimum order subtotal') as HTMLInputElement).value).toBe('25.00');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('asks before saving a new currency, shows amounts in its units meanwhile, and refuses decimals in yen', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, settings()))
      .once(PATH, (r) => json(200, settings({ version: 'v2', currency: 'JPY', store: (r.body as { store: Record<string, unknown> }).store })));
    await open(server);
    fireEvent.change(screen.getByLabelText('Store currency'), { target: { value: 'JPY' } });
    expect(within(section('Currency')).getByText(/Orders, gift cards and subscriptions keep USD/)).toBeTruthy();
    const standard = within(section('Shipping')).getByRole('group', { name: 'Standard' });
    const price = within(standard).getByLabelText('Price') as HTMLInputElement;
    expect(price.value).toBe('600');
    fireEvent.change(price, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(document.getElementById('f-store-shippingOptions-0-priceCents-error')!.textContent).toBe('This currency has no decimals: enter a whole amount.');
    fireEvent.change(price, { target: { value: '700' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(server.to(PATH).filter((r) => r.method === 'PUT')).toHaveLength(0);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Change the store’s currency from USD to JPY?');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Save in JPY' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save in JPY' }));
    await settle();
    expect(saveBody(server)).toMatchObject({ currency: 'JPY' });
    expect(saveBody(server).store.shippingOptions[0].priceCents).toBe(700);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Saved. The shop uses these settings from now on.');
  });

  it('orders and chooses the payment providers, removes rows, and warns before leaving with unsaved changes', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, settings()))
      .once(PATH, (r) => json(200, settings({ version: 'v2', store: (r.body as { store: Record<string, unknown> }).store })));
    await open(server);
    const leave = new Event('beforeunload', { cancelable: true });
    dispatchEvent(leave);
    expect(leave.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Move up Test card' }));
    fireEvent.click(within(section('Taxes')).getByRole('button', { name: 'Remove tax rule US NY' }));
    expect(within(section('Taxes')).getByText('No tax rules: no tax is charged.')).toBeTruthy();
    const leaving = new Event('beforeunload', { cancelable: true });
    dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(saveBody(server).store.paymentProviders).toEqual(['test']);
    expect(saveBody(server).store.taxRules).toEqual([]);
    const after = new Event('beforeunload', { cancelable: true });
    dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('offers to try again when the settings cannot be read', async () => {
    const server = fakeServer()
      .once(PATH, () => 'network-error')
      .once(PATH, () => json(200, settings()));
    await open(server);
    expect(screen.getByRole('alert').textContent).toContain('Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(section('Shipping')).toBeTruthy();
  });
});
