// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeOf } from '../../src/pages/inventory/adjust-dialog.js';
import { type InventoryVariant, listUrl } from '../../src/pages/inventory/calls.js';
import InventoryPage, { type InventoryContext, queryFromLocation } from '../../src/pages/inventory/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);
beforeEach(() => history.replaceState(null, '', '/config/inventory'));

const settings = { scarcityThreshold: 3, restockAutoSend: true, version: 'v1' };
const context: InventoryContext = {
  page: 'inventory',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  permissions: ['manageProducts'],
  timeZone: 'UTC',
  currency: 'USD',
  settings,
};
const API = '/api/owner/inventory';
const variant = (sku: string, extra: Partial<InventoryVariant> = {}): InventoryVariant => ({
  variantId: `v-${sku}`,
  productId: `p-${sku}`,
  productTitle: 'Blue Mug',
  variantText: 'Colour: Blue, Size: S',
  sku,
  stock: 0,
  unlimited: false,
  stockState: 'out',
  image: null,
  productUrl: `/config/products/p-${sku}`,
  waitingSignups: 0,
  ...extra,
});
const page = (variants: InventoryVariant[], nextCursor: string | null = null) => json(200, { variants, nextCursor, threshold: 3 });
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

describe("the owner's inventory page", () => {
  it('builds the list call and the address from the query: only what differs from the defaults', () => {
    expect(listUrl({ q: '', stock: '', sort: 'stock' }, null)).toBe(API);
    expect(listUrl({ q: ' mug ', stock: 'low', sort: 'title' }, 'c/1')).toBe(`${API}?q=mug&stock=low&sort=title&cursor=c%2F1`);
    expect(queryFromLocation('?stock=low')).toEqual({ q: '', stock: 'low', sort: 'stock' });
    expect(queryFromLocation('?stock=plenty&sort=price')).toEqual({ q: '', stock: '', sort: 'stock' });
  });

  it('works out what an adjustment does before it is sent: the change and the stock it leaves', () => {
    expect(changeOf('received', '5', 2)).toEqual({ body: { reason: 'received', delta: 5 }, after: 7 });
    expect(changeOf('damaged', '2', 3)).toEqual({ body: { reason: 'damaged', delta: -2 }, after: 1 });
    expect(changeOf('counted', '0', 3)).toEqual({ body: { reason: 'counted', count: 0 }, after: 0 });
    expect(changeOf('correction', '-1', 3)).toEqual({ body: { reason: 'correction', delta: -1 }, after: 2 });
    expect(changeOf('received', '0', 3)).toBeNull();
    expect(changeOf('correction', '0', 3)).toBeNull();
    expect(changeOf('received', '1.5', 3)).toBeNull();
  });

  it('shows a loading state, then each variant with its stock, state, waiting signups and a link to its product', async () => {
    history.replaceState(null, '', '/config/inventory?stock=low');
    const server = fakeServer().once(`${API}?stock=low`, () =>
      page([variant('MUG-S', { stock: 2, stockState: 'low', waitingSignups: 3 }), variant('MUG-L', { stock: 1, stockState: 'low', variantText: '' })]),
    );
    render(<InventoryPage context={context} api={createApi({ fetch: server.fetch })} />);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading…')).toBe(true);
    await settle();
    expect((screen.getByRole('combobox', { name: 'Stock' }) as HTMLSelectElement).value).toBe('low');
    expect(screen.getByText('Variants with 3 or fewer left, and not sold out. Change the threshold in the settings below.')).toBeDefined();
    const table = screen.getByRole('table', { name: 'Stock of each variant, by stock (fewest first)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Blue Mug' }).getAttribute('href')).toBe('/config/products/p-MUG-S');
    expect(rows[0]!.textContent).toContain('Colour: Blue, Size: S');
    expect(rows[0]!.textContent).toContain('2Low');
    expect(within(rows[0]!).getByText('3')).toBeDefined();
    expect(within(rows[0]!).getByRole('button', { name: 'Adjust stock of Blue Mug, Colour: Blue, Size: S' })).toBeDefined();
  });

  it('says when nothing is stocked, and when nothing matches the filters', async () => {
    const server = fakeServer()
      .once(API, () => page([]))
      .once(`${API}?stock=out`, () => page([]));
    render(<InventoryPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(screen.getByText(/No stocked products yet/)).toBeDefined();
    fireEvent.change(screen.getByRole('combobox', { name: 'Stock' }), { target: { value: 'out' } });
    await settle();
    expect(location.search).toBe('?stock=out');
    expect(screen.getByText('No variant matches: try another search or stock filter.')).toBeDefined();
  });

  it('adjusts: shows the stock the change leaves, sends the signed delta with the note, and says what happened', async () => {
    const server = fakeServer()
      .once(API, () => page([variant('MUG-S', { stock: 0, waitingSignups: 2 })]))
      .once(`${API}/v-MUG-S/adjustments`, () =>
        json(200, { variantId: 'v-MUG-S', sku: 'MUG-S', qtyInStock: 5, adjustment: { reason: 'received', delta: 5 }, restockNotificationsSent: 2 }),
      )
      .once(API, () => page([variant('MUG-S', { stock: 5, stockState: 'in' })]));
    render(<InventoryPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Adjust stock of Blue Mug/ }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust stock: Blue Mug' });
    expect(within(dialog).getByText('In stock now: 0.')).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Pieces received'), { target: { value: '5' } });
    expect(within(dialog).getByText('Stock after: 5 (now 0).')).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: ' Delivery 42 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await settle();
    expect(server.to(`${API}/v-MUG-S/adjustments`)[0]!.body).toEqual({ reason: 'received', delta: 5, note: 'Delivery 42' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Blue Mug (Colour: Blue, Size: S): Received, stock now 5. 2 restock notices sent.')).toBeDefined();
  });

  it('refuses to confirm a change below 0, and shows the server refusal in the dialog', async () => {
    const message = 'Only 1 in stock: this change would leave less than 0.';
    const server = fakeServer()
      .once(API, () => page([variant('MUG-S', { stock: 1, stockState: 'low' })]))
      .once(`${API}/v-MUG-S/adjustments`, () => json(409, { code: 'STOCK_INSUFFICIENT', error: message, errors: { delta: message } }));
    render(<InventoryPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Adjust stock of/ }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'damaged' } });
    fireEvent.change(within(dialog).getByLabelText('Pieces damaged or lost'), { target: { value: '2' } });
    expect(within(dialog).getByText(message)).toBeDefined();
    expect((within(dialog).getByRole('button', { name: 'Save adjustment' }) as HTMLButtonElement).disabled).toBe(true);
    // The stock shown may be old (a checkout took the last one meanwhile): the server's answer says so.
    fireEvent.change(within(dialog).getByLabelText('Pieces damaged or lost'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await settle();
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(message);
  });

  it('opens a variant history, newest first, with who made each change and its order', async () => {
    const server = fakeServer()
      .once(API, () => page([variant('MUG-S', { stock: 4, stockState: 'in' })]))
      .once(`${API}/v-MUG-S/history`, () =>
        json(200, {
          variantId: 'v-MUG-S',
          sku: 'MUG-S',
          qtyInStock: 4,
          nextCursor: null,
          adjustments: [
            {
              id: 'a2',
              delta: -1,
              stockAfter: 4,
              reason: 'sold',
              note: '',
              by: { kind: 'customer', email: 'ada@example.com', label: 'Checkout' },
              order: { id: 'o1', orderNumber: 1042, url: '/config/orders/o1' },
              created: Date.UTC(2026, 2, 2),
            },
            {
              id: 'a1',
              delta: 5,
              stockAfter: 5,
              reason: 'received',
              note: 'Delivery 42',
              by: { kind: 'staff', email: 'owner@shop.test', label: 'owner@shop.test' },
              order: null,
              created: Date.UTC(2026, 2, 1),
            },
          ],
        }),
      );
    render(<InventoryPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Stock history of/ }));
    await settle();
    const list = within(screen.getByRole('dialog', { name: 'Stock history: Blue Mug' })).getByRole('list', { name: 'Stock changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('−1Sold · stock 4 · Checkout · Order #1042');
    expect(within(items[0]!).getByRole('link', { name: 'Order #1042' }).getAttribute('href')).toBe('/config/orders/o1');
    expect(items[1]!.textContent).toContain('+5Received · stock 5 · owner@shop.test');
    expect(items[1]!.textContent).toContain('Delivery 42');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves the settings with their version, and says when someone else saved meanwhile', async () => {
    const server = fakeServer()
      .once(API, () => page([]))
      .once(`${API}/settings`, () => json(200, { scarcityThreshold: 5, restockAutoSend: false, version: 'v2' }))
      .once(API, () => page([]))
      .once(`${API}/settings`, () =>
        json(409, {
          code: 'STORE_SETTINGS_CHANGED',
          error: 'Someone else saved the store settings after you opened them. Reload the page to see their changes, then make yours again.',
        }),
      )
      .once(`${API}/settings`, () => json(200, { scarcityThreshold: 9, restockAutoSend: true, version: 'v3' }));
    render(<InventoryPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Low stock at or under'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send restock notices when a variant is back in stock' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await settle();
    expect(server.requests.filter((r) => r.method === 'PUT')[0]!.body).toEqual({ version: 'v1', scarcityThreshold: 5, restockAutoSend: false });
    expect(screen.getByText('Settings saved.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Low stock at or under'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await settle();
    expect(server.requests.filter((r) => r.method === 'PUT')[1]!.body).toMatchObject({ version: 'v2', scarcityThreshold: 7 });
    expect(screen.getByText(/Someone else saved the store settings/)).toBeDefined();
    expect((screen.getByLabelText('Low stock at or under') as HTMLInputElement).value).toBe('9');
    fireEvent.change(screen.getByLabelText('Low stock at or under'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Enter a whole number from 0 to 1000000.')).toBeDefined();
  });
});
