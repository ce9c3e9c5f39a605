import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { REPO_ROOT, type Config } from '../../src/config.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURES } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';
import { TestClock } from '../commerce/helpers.js';
import { QUICK_PASSWORD_COST } from '../helpers/passwords.js';

/** The accounts fixture: a shop, paywall products, a members-only lessons collection, a protected page, two languages. */
const MEMBERS_SITE = path.join(FIXTURES, 'sites', 'members');
const HOST = 'members.test';
export const WEBSITE_ID = websiteIdOf('fixture-members');
export const itemId = (collection: string, urlId: string) => stableId(stableId(WEBSITE_ID, 'collection', collection), 'item', urlId);
export const PAGE_PASSWORD = 'open sesame';
export const ACCEPTED_CARD = '4242 4242 4242 4242';

export interface MembersSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  close(): Promise<void>;
}

/** The app on a fresh store with the members fixture and the default theme; cart limits high and password hashing quick unless given. */
export async function membersApp(dialect: Dialect, options: Omit<AppOptions, 'store' | 'clock'> = {}, config: Partial<Config> = {}): Promise<MembersSite> {
  const store = await freshStore(dialect);
  await importSite(store, MEMBERS_SITE);
  const clock = new TestClock();
  clock.now = Date.now();
  const app = await buildApp(testConfig({ siteDir: MEMBERS_SITE, themesDir: path.join(REPO_ROOT, 'themes'), ...config }), {
    store,
    clock: clock.fn,
    passwordCost: QUICK_PASSWORD_COST,
    ...options,
    commerce: {
      cartWriteLimits: {
        perVisitor: { name: 'cart-write:visitor', limit: 100_000, windowMs: 60_000 },
        perAddress: { name: 'cart-write:address', limit: 100_000, windowMs: 60_000 },
      },
      ...options.commerce,
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

/** A browser: keeps cookies like one, sends the crumb header on writes and, once signed in, the xsrfToken. */
export class Browser {
  readonly cookies = new Map<string, string>();
  xsrfToken: string | null = null;
  ip = '127.0.0.1';

  constructor(
    private readonly app: FastifyInstance,
    readonly host = HOST,
  ) {
    this.cookies.set('crumb', randomBytes(16).toString('base64url'));
  }

  async request(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.ip,
      headers: {
        host: this.host,
        cookie,
        'x-csrf-token': this.cookies.get('crumb') ?? '',
        ...(this.xsrfToken ? { 'x-xsrf-token': this.xsrfToken } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, body: res.body, json: type.startsWith('application/json') ? res.json() : null, headers: res.headers };
  }

  async signUp(email: string, password = 'correct horse', extra: Record<string, unknown> = {}) {
    const res = await this.request('POST', '/api/site-users/account', { email, password, ...extra });
    if (res.status === 201) this.xsrfToken = res.json.xsrfToken;
    return res;
  }

  async signIn(email: string, password = 'correct horse', rememberMe = false) {
    const res = await this.request('POST', '/api/site-users/account/session', { email, password, rememberMe });
    if (res.status === 200) this.xsrfToken = res.json.xsrfToken;
    return res;
  }

  signOut(cloneCart?: boolean) {
    return this.request('DELETE', `/api/site-users/account/session${cloneCart === undefined ? '' : `?cloneCart=${cloneCart}`}`);
  }

  add(collection: string, item: string, sku: string | undefined, quantity: unknown = 1, additionalFields?: unknown) {
    return this.request('POST', '/api/commerce/shopping-cart/entries', { itemId: itemId(collection, item), sku, quantity, additionalFields });
  }

  cart() {
    return this.request('GET', '/api/commerce/shopping-cart');
  }

  checkout(body: Record<string, unknown>) {
    return this.request('POST', '/api/commerce/checkout', body, { 'idempotency-key': `key-${randomBytes(8).toString('hex')}` });
  }

  /** Buys a paywall product by express checkout with the test card. */
  join(item = 'club', email = 'ada@example.com') {
    return this.checkout({ expressCheckout: { itemId: itemId('shop', item) }, email, payment: { provider: 'test', cardNumber: ACCEPTED_CARD } });
  }

  page(url: string) {
    return this.request('GET', url.includes('?') ? `${url}&format=json` : `${url}?format=json`);
  }
}

/** The order token of a checkout answer's confirmation link. */
export function orderTokenOf(answer: Answer): string {
  return new URL(answer.json.confirmationUrl, 'http://x').searchParams.get('token')!;
}

/** Changes the site's settings (site.json "settings") as an owner would, and bumps the site's version so caches reload. */
export async function updateSiteSettings(store: Store, change: (settings: Record<string, unknown>) => void) {
  const row = await store.db.selectFrom('site_settings').select('website_settings').where('website_id', '=', WEBSITE_ID).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.website_settings) as Record<string, unknown>;
  change(settings);
  await store.db
    .updateTable('site_settings')
    .set({ website_settings: JSON.stringify(settings) })
    .where('website_id', '=', WEBSITE_ID)
    .execute();
  await store.db
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', WEBSITE_ID)
    .execute();
}

/** `lock the door`, hashed. */
export const SITE_PASSWORD = 'lock the door';
export const SITE_PASSWORD_HASH = 'scrypt$32768$8$1$7WkcbTbnj3y6NYPjDtz77A$YHQ036FwEn9X-XzO2JMH4jeo9wNPMOzKuW1nnMkAz-k';
