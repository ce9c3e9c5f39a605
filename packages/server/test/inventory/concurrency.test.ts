import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSite } from '../../src/site-dir/index.js';
import { openStore, type Store } from '../../src/storage/dialect.js';
import { ACCEPTED_CARD, ADDRESS, STORE_SITE, Visitor, WEBSITE_ID, itemId, paid, setStock, stockOf } from '../commerce/helpers.js';
import { createTestOwner } from '../helpers/passwords.js';
import { buildServer, startServer } from '../helpers/server-process.js';
import { DIALECTS, freshDatabaseUrl } from '../helpers/store.js';
import { settingsSite, type SettingsSite } from '../owner-store-settings/helpers.js';

const SKU = 'PRINT-1';
const START = 10;
const BUYERS = 40;
const ADDS = 5;
const ADDED_EACH = 3;

async function variantId(store: Store): Promise<string> {
  return (await store.db.selectFrom('product_variants').select('id').where('website_id', '=', WEBSITE_ID).where('sku', '=', SKU).executeTakeFirstOrThrow()).id;
}

/**
 * What must hold after checkouts raced the owner's additions: the stock is what it started with,
 * plus what the owner added, less what was sold; every order line was a unit that existed (no
 * change ever left less than 0, before or after it); and the history's deltas add up to the stock.
 */
async function checkBooks(store: Store, placedOrderIds: string[]) {
  const final = await stockOf(store, SKU);
  const lines = placedOrderIds.length ? await store.db.selectFrom('order_lines').select(['quantity']).where('order_id', 'in', placedOrderIds).execute() : [];
  const sold = lines.reduce((n, l) => n + l.quantity, 0);
  expect(sold).toBe(placedOrderIds.length);
  expect(final).toBe(START + ADDS * ADDED_EACH - sold);
  const history = await store.db
    .selectFrom('inventory_adjustments')
    .select(['delta', 'stock_after', 'reason', 'order_id'])
    .where('website_id', '=', WEBSITE_ID)
    .where('variant_id', '=', await variantId(store))
    .execute();
  expect(history.reduce((n, h) => n + Number(h.delta), 0)).toBe(final);
  for (const h of history) {
    expect(Number(h.stock_after)).toBeGreaterThanOrEqual(0);
    expect(Number(h.stock_after) - Number(h.delta)).toBeGreaterThanOrEqual(0);
  }
  const soldRows = history.filter((h) => h.reason === 'sold');
  expect(soldRows).toHaveLength(sold);
  expect(new Set(soldRows.map((h) => h.order_id))).toEqual(new Set(placedOrderIds));
  expect(history.filter((h) => h.reason === 'received').map((h) => Number(h.delta))).toEqual(Array(ADDS).fill(ADDED_EACH));
  return { final, sold };
}

describe.each(DIALECTS)('the owner adding stock while 40 checkouts race on %s', (dialect) => {
  let site: SettingsSite;
  beforeAll(async () => {
    site = await settingsSite(dialect);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('never loses or invents a unit: final stock = start + added - sold, and the history adds up', async () => {
    // From none, counted by the owner: the history holds every unit the variant ever had.
    await setStock(site.store, SKU, 0);
    const id = await variantId(site.store);
    const owner = site.staff.admin;
    expect((await owner.request('POST', `/api/owner/inventory/${id}/adjustments`, { reason: 'counted', count: START })).status).toBe(200);
    const buyers = Array.from({ length: BUYERS }, () => new Visitor(site.app));
    for (const added of await Promise.all(buyers.map((v) => v.add('print', SKU, 1)))) expect(added.status).toBe(200);
    const checkouts = buyers.map((v, i) => v.checkout(paid({ email: `buyer${i}@example.com` })));
    const additions = Array.from({ length: ADDS }, () =>
      owner.request('POST', `/api/owner/inventory/${id}/adjustments`, { reason: 'received', delta: ADDED_EACH }),
    );
    const [answers, added] = await Promise.all([Promise.all(checkouts), Promise.all(additions)]);
    for (const a of added) expect(a.status).toBe(200);
    const placed = answers.filter((a) => a.status === 201);
    for (const r of answers.filter((a) => a.status !== 201)) expect(r.json.code).toBe('OUT_OF_STOCK');
    const { sold } = await checkBooks(
      site.store,
      placed.map((p) => p.json.order.id as string),
    );
    expect(sold).toBeGreaterThanOrEqual(START);
    expect(sold).toBeLessThanOrEqual(START + ADDS * ADDED_EACH);
  });
});

/** A browser talking to a real server process over HTTP, keeping its cookies. */
class HttpVisitor {
  private readonly cookies = new Map<string, string>([['crumb', randomBytes(16).toString('base64url')]]);

  async send(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': this.cookies.get('crumb')!,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [name, value] = line.split(';')[0]!.split('=');
      if (value) this.cookies.set(name!, value);
      else this.cookies.delete(name!);
    }
    return { status: res.status, json: (await res.json()) as any };
  }
}

describe('the owner adding stock while 40 checkouts race on two server processes sharing one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let store: Store;
  let dataDir: string;
  const servers: { child: ChildProcess; url: string }[] = [];

  beforeAll(async () => {
    buildServer();
    database = await freshDatabaseUrl('postgres');
    store = await openStore(database.url);
    await importSite(store, STORE_SITE);
    await setStock(store, SKU, 0);
    await createTestOwner(store.db, WEBSITE_ID, 'owner@store.test', 'an owner password 1');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-inventory-'));
    const start = () => startServer(database.url, dataDir, STORE_SITE, { SITE_CACHE_MS: '0' });
    servers.push(...(await Promise.all([start(), start()])));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await store?.close();
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('never loses or invents a unit across processes: final stock = start + added - sold, and the history adds up', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const id = await variantId(store);
    // The owner is signed in on both processes and adds stock through each in turn.
    const owners = [new HttpVisitor(), new HttpVisitor()];
    for (const [i, owner] of owners.entries()) {
      const signIn = await owner.send(i ? b : a, 'POST', '/api/owner/session', { email: 'owner@store.test', password: 'an owner password 1' });
      expect(signIn.status).toBe(200);
    }
    const counted = await owners[0]!.send(a, 'POST', `/api/owner/inventory/${id}/adjustments`, { reason: 'counted', count: START });
    expect(counted.status).toBe(200);
    const buyers = Array.from({ length: BUYERS }, () => new HttpVisitor());
    const adds = await Promise.all(
      buyers.map((v, i) => v.send(i % 2 ? a : b, 'POST', '/api/commerce/shopping-cart/entries', { itemId: itemId('print'), sku: SKU, quantity: 1 })),
    );
    for (const added of adds) expect(added.status).toBe(200);
    const body = (i: number) => ({
      email: `buyer${i}@example.com`,
      shippingAddress: ADDRESS,
      shippingOptionId: 'standard',
      payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
    });
    const checkouts = buyers.map((v, i) =>
      v.send(i % 2 ? b : a, 'POST', '/api/commerce/checkout', body(i), { 'idempotency-key': `inv-${i}-${randomBytes(4).toString('hex')}` }),
    );
    const additions = Array.from({ length: ADDS }, (_, i) =>
      owners[i % 2]!.send(i % 2 ? b : a, 'POST', `/api/owner/inventory/${id}/adjustments`, { reason: 'received', delta: ADDED_EACH }),
    );
    const [answers, added] = await Promise.all([Promise.all(checkouts), Promise.all(additions)]);
    for (const r of added) expect(r.status).toBe(200);
    const placed = answers.filter((r) => r.status === 201);
    for (const r of answers.filter((x) => x.status !== 201)) expect(r.json.code).toBe('OUT_OF_STOCK');
    const { final, sold } = await checkBooks(
      store,
      placed.map((p) => p.json.order.id as string),
    );
    expect(sold).toBeGreaterThanOrEqual(START);
    // Both processes read the same stock.
    for (const base of [a, b]) {
      const live = (await (await fetch(`${base}/api/commerce/inventory/stock/?itemId=${itemId('print')}`)).json()) as { results: { qtyInStock: number }[] };
      expect(live.results[0]!.qtyInStock).toBe(final);
    }
  });
});
