import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURES } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';

/** The commerce fixture site: products of every type, coupons, shipping, tax, donations, the test payment provider. */
export const STORE_SITE = path.join(FIXTURES, 'sites', 'store');
export const HOST = 'store.test';
export const WEBSITE_ID = websiteIdOf('fixture-store');
export const itemId = (urlId: string) => stableId(stableId(WEBSITE_ID, 'collection', 'shop'), 'item', urlId);

export const ACCEPTED_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' };

/** A clock the tests move by hand (download links expire, subscriptions bill by it). */
export class TestClock {
  now = Date.parse('2025-01-31T15:00:00.000Z');
  readonly fn = () => this.now;
  advance(ms: number) {
    this.now += ms;
  }
}

export interface StoreSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  close(): Promise<void>;
}

/** The app on a fresh store of the dialect with the store fixture imported; rate limits high unless given. */
export async function storeApp(dialect: Dialect, commerce: AppOptions['commerce'] = {}): Promise<StoreSite> {
  const store = await freshStore(dialect);
  await importSite(store, STORE_SITE);
  const clock = new TestClock();
  const app = await buildApp(testConfig({ siteDir: STORE_SITE }), {
    store,
    clock: clock.fn,
    // Background jobs run when a test asks (app.jobs.runDue()), never on their own timers.
    jobs: { timers: false },
    commerce: {
      cartWriteLimits: {
        perVisitor: { name: 'cart-write:visitor', limit: 100_000, windowMs: 60_000 },
        perAddress: { name: 'cart-write:address', limit: 100_000, windowMs: 60_000 },
      },
      ...commerce,
    },
  });
  await app.ready();
  return {
    app,
    store,
    clock,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

export interface Answer {
  status: number;
  json: any;
  body: string;
  headers: Record<string, unknown>;
}

/** A shopper: keeps cookies (crumb, cart) like a browser and sends the crumb header on writes. */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host = HOST,
  ) {
    this.cookies.set('crumb', randomBytes(16).toString('base64url'));
  }

  get cartCookie(): string | undefined {
    return this.cookies.get('cart');
  }

  async request(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: { host: this.host, cookie, 'x-csrf-token': this.cookies.get('crumb')!, ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value!.trim());
    }
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, body: res.body, json: type.startsWith('application/json') ? res.json() : null, headers: res.headers };
  }

  add(item: string, sku: string | undefined, quantity: unknown = 1, additionalFields?: unknown) {
    return this.request('POST', '/api/commerce/shopping-cart/entries', { itemId: itemId(item), sku, quantity, additionalFields });
  }

  cart(query = '') {
    return this.request('GET', `/api/commerce/shopping-cart${query}`);
  }

  checkout(body: Record<string, unknown>, key = `key-${randomBytes(8).toString('hex')}`) {
    return this.request('POST', '/api/commerce/checkout', body, { 'idempotency-key': key });
  }

  page(url: string) {
    return this.request('GET', url.includes('?') ? `${url}&format=json` : `${url}?format=json`);
  }
}

/** A checkout body paying with the test provider's accepted card, shipping to New York. */
export function paid(extra: Record<string, unknown> = {}) {
  return {
    email: 'ada@example.com',
    shippingAddress: ADDRESS,
    shippingOptionId: 'standard',
    payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
    ...extra,
  };
}

/** Sets a variant's stock directly in the store. */
export async function setStock(store: Store, sku: string, stock: number) {
  await store.db.updateTable('product_variants').set({ stock }).where('sku', '=', sku).where('website_id', '=', WEBSITE_ID).execute();
}

export async function stockOf(store: Store, sku: string): Promise<number> {
  const row = await store.db
    .selectFrom('product_variants')
    .select('stock')
    .where('sku', '=', sku)
    .where('website_id', '=', WEBSITE_ID)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** Changes the site's store settings (as an owner would) and bumps the site's version so caches reload. */
export async function updateStoreSettings(store: Store, change: (settings: Record<string, unknown>) => void) {
  const row = await store.db.selectFrom('site_settings').select('store_settings').where('website_id', '=', WEBSITE_ID).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.store_settings) as Record<string, unknown>;
  change(settings);
  await store.db
    .updateTable('site_settings')
    .set({ store_settings: JSON.stringify(settings) })
    .where('website_id', '=', WEBSITE_ID)
    .execute();
  await store.db
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', WEBSITE_ID)
    .execute();
}
