// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TesseraGlobal } from '../../src/bootstrap.js';
import { mount } from '../../src/islands/installments/index.js';
import { type Network, network } from './helpers.js';

const AFTERPAY = { provider: 'afterpay', minCents: 3500, maxCents: 200000, numInstallments: 4 };

let net: Network;
const realFetch = globalThis.fetch;

function page(
  priceCents: number,
  options: { productType?: number; installments?: unknown; language?: string; localizedStrings?: Record<string, string> } = {},
) {
  document.body.innerHTML = `<main><h1>Kettle</h1><div class="installment-badge" data-tessera-island="installments" data-item-id="kettle"
    data-product-type="${options.productType ?? 1}" data-price-cents="${priceCents}" data-currency="USD"></div></main>`;
  net = network();
  globalThis.fetch = net.fetch;
  const tessera = {
    context: {
      language: options.language ?? 'en-US',
      localizedStrings: options.localizedStrings,
      currency: 'USD',
      storeSettings: { selectedCurrency: 'USD', installments: 'installments' in options ? options.installments : AFTERPAY },
    },
    crumb: () => 'crumb-1',
    visit: Promise.resolve(null),
  } as unknown as TesseraGlobal;
  act(() => mount(Array.from(document.querySelectorAll('.installment-badge')), tessera));
  return document.querySelector<HTMLElement>('.installment-badge')!;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

beforeAll(async () => {
  await import('../../src/ui/Dialog.js');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the installment badge', () => {
  it('splits a price in range into the provider’s payments', () => {
    const badge = page(9500);
    expect(badge.textContent).toContain('4 interest-free payments of $23.75');
    expect(badge.textContent).toContain('Afterpay');
  });

  it.each([
    [3500, 'available for orders over $35.00'],
    [200001, 'available for orders up to $2,000.00'],
  ])('says where the range is for %i (the minimum itself is out of range)', (price, text) => {
    expect(page(price).textContent).toContain(text);
  });

  it('speaks the page’s language when the site context carries its words', () => {
    const badge = page(9500, {
      language: 'fr-FR',
      localizedStrings: {
        installmentsInRangeText: '{numInstallments} paiements sans frais de {amount}',
        installmentsWithProviderText: 'avec {provider}',
        installmentsInfoText: 'En savoir plus sur {provider}',
      },
    });
    expect(badge.textContent).toContain('4 paiements sans frais de');
    expect(badge.textContent).toContain('avec Afterpay');
    expect(within(badge).getByRole('button', { name: 'En savoir plus sur Afterpay' })).toBeTruthy();
  });

  it('shows the maximum itself as in range', () => {
    expect(page(200000).textContent).toContain('4 interest-free payments of $500.00');
  });

  it('stays empty for other product types and when the site offers no provider', () => {
    expect(page(9500, { productType: 2 }).textContent).toBe('');
    expect(page(9500, { installments: null }).textContent).toBe('');
  });

  it('follows the chosen variant’s price', () => {
    const badge = page(3000);
    act(() => {
      document.dispatchEvent(
        new CustomEvent('tessera:variant-change', { detail: { itemId: 'kettle', variant: { price: 12000, onSale: false }, mainImage: null } }),
      );
    });
    expect(badge.textContent).toContain('4 interest-free payments of $30.00');
  });

  it.each([
    ['the badge', /interest-free/],
    ['the info button', /Learn more about Afterpay/],
  ])('opens the information dialog from %s, with the server’s text for the locale', async (_from, name) => {
    page(9500);
    net.on('GET', '/api/commerce/installments/afterpay/en_US', () => new Response('<p>Pay in 4.</p>', { status: 200 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name })));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Pay in installments with Afterpay' });
    expect(within(dialog).getByText('Pay in 4.')).toBeTruthy();
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the locale of the site language and provider (fr_CA; Clearpay en_GB)', async () => {
    page(9500, { language: 'fr-CA' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Learn more/ })));
    await settle();
    expect(net.sent.map((r) => r.path)).toEqual(['/api/commerce/installments/afterpay/fr_CA']);
    page(9500, { installments: { ...AFTERPAY, provider: 'clearpay' }, language: 'en-GB' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Learn more about Clearpay/ })));
    await settle();
    expect(net.sent.map((r) => r.path)).toEqual(['/api/commerce/installments/clearpay/en_GB']);
  });

  it('only warns when the information cannot be fetched, and closes by a click outside', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    page(9500);
    net.on('GET', '/api/commerce/installments/afterpay/en_US', () => 'network-error');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /interest-free/ })));
    await settle();
    expect(warn).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelector('.installment-info-content')).toBeNull();
    await act(async () => fireEvent.mouseDown(dialog.parentElement!));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
