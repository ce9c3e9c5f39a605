import { WebsiteRole } from '@tessera/core/enums';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { STORE_SITE, TestClock, Visitor, WEBSITE_ID, itemId } from '../commerce/helpers.js';
import { offline } from '../owner-orders/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { freshStore } from '../helpers/store.js';

export { STORE_SITE, Visitor, WEBSITE_ID, itemId };

export const API = '/api/owner/products';
const PASSWORD = 'a staff password 1';

/** Staff of each kind the products API tells apart: the three roles with manageProducts, and three without it. */
const ROLES = {
  admin: WebsiteRole.ADMIN,
  shop: WebsiteRole.STORE_MANAGER,
  webmanager: WebsiteRole.WEBSITE_MANAGER,
  reporting: WebsiteRole.REPORTING,
  editor: WebsiteRole.EDITOR,
  viewer: WebsiteRole.VIEWER,
} as const;
export type Role = keyof typeof ROLES;
export const MANAGERS: Role[] = ['admin', 'shop', 'webmanager'];
export const OTHERS: Role[] = ['reporting', 'editor', 'viewer'];

export interface ProductsShop {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  staff: Record<Role, Visitor>;
  close(): Promise<void>;
}

/** The commerce fixture store (site directory `dir`, the store fixture unless given) with a staff account of each role signed in. */
export async function productsShop(dialect: Dialect, dir = STORE_SITE): Promise<ProductsShop> {
  const store = await freshStore(dialect);
  await importSite(store, dir);
  for (const [role, code] of Object.entries(ROLES)) await createTestOwner(store.db, WEBSITE_ID, `${role}@store.test`, PASSWORD, code);
  const clock = new TestClock();
  const app = await buildApp(testConfig({ siteDir: dir }), {
    store,
    clock: clock.fn,
    passwordCost: QUICK_PASSWORD_COST,
    jobs: { timers: false },
    commerce: {
      cartWriteLimits: {
        perVisitor: { name: 'cart-write:visitor', limit: 100_000, windowMs: 60_000 },
        perAddress: { name: 'cart-write:address', limit: 100_000, windowMs: 60_000 },
      },
    },
  });
  await app.ready();
  const staff = {} as Record<Role, Visitor>;
  for (const role of Object.keys(ROLES) as Role[]) {
    const v = new Visitor(app);
    const res = await v.request('POST', '/api/owner/session', { email: `${role}@store.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`${role} sign-in answered ${res.status}: ${res.body}`);
    staff[role] = v;
  }
  return {
    app,
    store,
    clock,
    staff,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** A variant's live stock, by SKU. */
export async function stockOf(store: Store, sku: string): Promise<number> {
  const row = await store.db.selectFrom('product_variants').select('stock').where('sku', '=', sku).executeTakeFirstOrThrow();
  return Number(row.stock);
}

/** A new physical product's body: two options, four variants, a sale price and stock. */
export function newMug(urlId = 'travel-mug', skuPrefix = 'TM') {
  const variants = [];
  for (const colour of ['Blue', 'Red']) {
    for (const size of ['S', 'L']) {
      variants.push({
        sku: `${skuPrefix}-${colour[0]}${size}`,
        attributes: { Colour: colour, Size: size },
        priceCents: size === 'S' ? 2000 : 2400,
        salePriceCents: colour === 'Blue' && size === 'S' ? 1500 : 0,
        onSale: colour === 'Blue' && size === 'S',
        stock: 5,
        weightGrams: 300,
      });
    }
  }
  return {
    collection: 'shop',
    item: {
      urlId,
      title: 'Travel Mug',
      status: 'published',
      body: '<p>Keeps coffee warm.</p>',
      tags: ['Mugs'],
      categories: ['Kitchen'],
      seoTitle: 'Travel mug for commuters',
      seoDescription: 'A mug that keeps coffee warm for hours.',
      product: {
        productType: 1,
        variantOptionOrdering: ['Colour', 'Size'],
        variants,
        images: [{ path: 'assets/shop/mug.svg', alt: 'A mug' }],
        relatedProducts: ['shop/mug'],
      },
    },
  };
}

/** Places an offline order of these items ([urlId, sku, quantity]) through the real checkout. */
export async function placeOrder(app: FastifyInstance, items: [string, string | undefined, number][]) {
  const v = new Visitor(app);
  for (const [item, sku, quantity] of items) {
    const added = await v.add(item, sku, quantity);
    if (added.status !== 200) throw new Error(`add ${item} answered ${added.status}: ${added.body}`);
  }
  const placed = await v.checkout(offline());
  if (placed.status !== 201) throw new Error(`checkout answered ${placed.status}: ${placed.body}`);
  return placed.json.order;
}
