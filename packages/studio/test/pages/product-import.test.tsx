// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ImportPage from '../../src/pages/product-import/page.js';
import { json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context = { page: 'product-import', siteTitle: 'Shop', language: 'en-US', permissions: ['manageProducts'] };
const settle = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((r) => setTimeout(r, 0));
  });
const csv = 'SKU,Title,Price\nMUG-S,Mug,24.00\n';
const pick = () => {
  const input = screen.getByLabelText('Choose a CSV file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([csv], 'products.csv', { type: 'text/csv' })] } });
};

describe('the products import page', () => {
  it('runs a dry run first, shows each row with its errors by column, and keeps Import off while a row fails', async () => {
    const sent: { url: string; body: unknown; type: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, body: init.body, type: (init.headers as Record<string, string>)['Content-Type']! });
        return json(200, {
          dryRun: true,
          written: false,
          summary: { create: 0, update: 3, unchanged: 10, error: 1 },
          rows: [
            { row: 2, sku: 'MUG-S', title: 'Mug', action: 'update', changes: ['price'], errors: [] },
            { row: 5, sku: 'MUG-X', title: 'Mug', action: 'error', changes: [], errors: [{ column: 'Price', message: 'Enter an amount such as 12.50.' }] },
          ],
        });
      }),
    );
    render(<ImportPage context={context} api={createApi()} />);
    pick();
    await settle();
    expect(sent).toEqual([{ url: '/api/owner/products/import?dryRun=true', body: csv, type: 'text/csv' }]);
    expect(screen.getByText(/1 row has errors\. Nothing was written\./)).toBeDefined();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    // The failing row comes first, with its column and message.
    expect(within(rows[0]!).getByText('Error')).toBeDefined();
    expect(within(rows[0]!).getByText('Price')).toBeDefined();
    expect(within(rows[0]!).getByText(/Enter an amount such as 12\.50\./)).toBeDefined();
    expect(within(rows[1]!).getByText('Changes: price')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });

  it('imports the same file once the dry run is clean, and shows the result', async () => {
    const sent: string[] = [];
    const answer = (dryRun: boolean) => ({
      dryRun,
      written: !dryRun,
      summary: { create: 1, update: 2, unchanged: 0, error: 0 },
      rows: [{ row: 2, sku: 'MUG-S', title: 'Mug', action: 'update', changes: ['price'], errors: [] }],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        sent.push(url);
        return json(200, answer(url.endsWith('dryRun=true')));
      }),
    );
    render(<ImportPage context={context} api={createApi()} />);
    pick();
    await settle();
    const button = screen.getByRole('button', { name: 'Import' });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await settle();
    expect(sent).toEqual(['/api/owner/products/import?dryRun=true', '/api/owner/products/import']);
    expect(screen.getByText('Imported products.csv: 1 created, 2 updated.')).toBeDefined();
  });
});
