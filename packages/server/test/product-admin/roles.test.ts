import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MANAGERS, OTHERS, type ProductsShop, type Role, Visitor, itemId, newMug, productsShop } from './helpers.js';
import { studioContextOf } from '../helpers/staff-sessions.js';

const CSV = 'SKU,Price\r\nPEN-1,5.00\r\n';

/**
 * Who may call what (docs/roles.md): admin, store manager and website manager (manageProducts) call
 * every products call; reporting, editor and viewer get 403; nobody signed in 401; a write without
 * the crumb 403. The permission hook is the same on both dialects: SQLite alone here.
 */
describe('the products calls and pages, for each role', () => {
  let shop: ProductsShop;
  const reads = (): [string, string, unknown?, Record<string, string>?][] => [
    ['GET', API],
    ['GET', `${API}/choices`],
    ['GET', `${API}/tags?type=category`],
    ['GET', `${API}/${itemId('pen')}`],
    ['GET', `${API}/export.csv`],
  ];
  const writes = (who: string, round: number): [string, string, unknown?, Record<string, string>?][] => [
    ['POST', API, newMug(`mug-${who}-${round}`, `${who}-${round}`)],
    ['POST', `${API}/${itemId('print')}/duplicate`],
    ['POST', `${API}/import?dryRun=true`, CSV, { 'content-type': 'text/csv' }],
    ['POST', `${API}/tags/rename`, { type: 'tag', from: 'Nothing', to: 'Else' }],
    ['DELETE', `${API}/tags`, { type: 'tag', name: 'Nothing' }],
    ['PUT', `${API}/order`, { collection: 'shop', ids: [] }],
    ['PUT', `${API}/${itemId('pen')}`, { collection: 'shop', item: {}, revision: 0 }],
    ['DELETE', `${API}/${itemId('nothing')}`],
  ];

  beforeAll(async () => {
    shop = await productsShop('sqlite');
  });
  afterAll(async () => {
    await shop?.close();
  });

  const call = (who: Role | null, [method, url, body, headers]: [string, string, unknown?, Record<string, string>?], extra: Record<string, string> = {}) =>
    (who ? shop.staff[who] : new Visitor(shop.app)).request(method, url, body, { ...headers, ...extra });

  it('lets an admin, a store manager and a website manager call everything', async () => {
    for (const [round, who] of MANAGERS.entries()) {
      for (const request of [...reads(), ...writes(who, round)]) {
        const res = await call(who, request);
        // Writes with a deliberately empty or unknown target answer their own 400 or 404, never 401 or 403.
        expect([200, 201, 204, 400, 404], `${who} ${request[0]} ${request[1]}: ${res.body}`).toContain(res.status);
      }
      expect((await call(who, ['POST', API, newMug(`ok-${who}`, `OK-${who}`)])).status).toBe(201);
    }
  });

  it('answers reporting, an editor and a viewer 403 and nobody signed in 401 on every call, changing nothing', async () => {
    const before = await shop.store.db.selectFrom('items').select('id').execute();
    for (const who of OTHERS) {
      for (const request of [...reads(), ...writes(who, 9)]) {
        const res = await call(who, request);
        expect(res.status, `${who} ${request[0]} ${request[1]}`).toBe(403);
        expect(res.json).toEqual({ error: 'You do not have permission to do this.', code: 'PERMISSION_DENIED' });
      }
    }
    for (const request of [...reads(), ...writes('nobody', 9)]) {
      const res = await call(null, request);
      expect(res.status, `${request[0]} ${request[1]}`).toBe(401);
      expect(res.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    }
    expect(await shop.store.db.selectFrom('items').select('id').execute()).toEqual(before);
  });

  it('refuses every write without the crumb, even to an admin', async () => {
    for (const request of writes('admin', 8)) {
      const res = await call('admin', request, { 'x-csrf-token': '' });
      expect(res.status, `${request[0]} ${request[1]}`).toBe(403);
      expect(res.json).toMatchObject({ code: 'CRUMB_FAIL', crumbFail: true });
    }
  });

  it('serves the product pages to the roles with manageProducts, with their context, and sends the others to the sign-in', async () => {
    const context = (html: string) => studioContextOf(html);
    for (const who of MANAGERS) {
      const list = await call(who, ['GET', '/config/products']);
      expect(list.status, who).toBe(200);
      expect(context(list.body)).toMatchObject({ page: 'products', currency: 'USD', timeZone: 'America/New_York' });
      const importPage = await call(who, ['GET', '/config/products/import']);
      expect(context(importPage.body)).toMatchObject({ page: 'product-import', currency: 'USD' });
      const one = await call(who, ['GET', `/config/products/${itemId('pen')}`]);
      expect(context(one.body)).toMatchObject({ page: 'product', productId: itemId('pen'), currency: 'USD', timeZone: 'America/New_York' });
      expect(context((await call(who, ['GET', '/config/products/new'])).body)).toMatchObject({ page: 'product', productId: 'new' });
    }
    for (const who of OTHERS) {
      const res = await call(who, ['GET', '/config/products']);
      expect(res.status, who).toBe(302);
      expect(res.headers.location).toBe(`/config/login?next=${encodeURIComponent('/config/products')}`);
    }
  });
});
