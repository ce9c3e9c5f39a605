import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/storage/dialect.js';
import { importSite } from '../../src/site-dir/index.js';
import { buildServer, startServer } from '../helpers/server-process.js';
import { freshDatabaseUrl } from '../helpers/store.js';
import { ACCEPTED_CARD, ADDRESS, STORE_SITE, WEBSITE_ID, itemId } from './helpers.js';

const start = (databaseUrl: string, dataDir: string) => startServer(databaseUrl, dataDir, STORE_SITE, { SITE_CACHE_MS: '0' });

/** A shopper talking to a real server over HTTP, keeping its cookies like a browser. */
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

const checkoutBody = {
  email: 'ada@example.com',
  shippingAddress: ADDRESS,
  shippingOptionId: 'standard',
  payment: { provider: 'test', cardNumber: ACCEPTED_CARD },
};

/**
 * Two `tessera start` processes of the built server sharing one PostgreSQL database: stock and
 * idempotency hold across processes (no state kept in one process that the other needs).
 */
describe('two server processes sharing one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let dataDir: string;
  const servers: { child: ChildProcess; url: string }[] = [];

  beforeAll(async () => {
    buildServer();
    database = await freshDatabaseUrl('postgres');
    const store = await openStore(database.url);
    await importSite(store, STORE_SITE);
    await store.db.updateTable('product_variants').set({ stock: 10 }).where('sku', '=', 'PRINT-1').where('website_id', '=', WEBSITE_ID).execute();
    await store.close();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-two-'));
    servers.push(...(await Promise.all([start(database.url, dataDir), start(database.url, dataDir)])));
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
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('40 checkouts spread over both processes race for 10 units: 10 orders, stock 0, 30 out-of-stock answers', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const visitors = Array.from({ length: 40 }, () => new HttpVisitor());
    // Each visitor fills its cart on one process and checks out on the other.
    const adds = await Promise.all(
      visitors.map((v, i) => v.send(i % 2 ? a : b, 'POST', '/api/commerce/shopping-cart/entries', { itemId: itemId('print'), sku: 'PRINT-1', quantity: 1 })),
    );
    for (const added of adds) expect(added.status).toBe(200);
    const answers = await Promise.all(
      visitors.map((v, i) =>
        v.send(i % 2 ? b : a, 'POST', '/api/commerce/checkout', checkoutBody, { 'idempotency-key': `two-${i}-${randomBytes(4).toString('hex')}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(30);
    for (const r of refused)
      expect(r).toMatchObject({ status: 409, json: { code: 'OUT_OF_STOCK', error: 'Sorry, we do not have enough of that item available.' } });
    const stock = (await (await fetch(`${a}/api/commerce/inventory/stock/?itemId=${itemId('print')}`)).json()) as { results: { qtyInStock: number }[] };
    expect(stock.results[0]!.qtyInStock).toBe(0);
    // Order numbers come from one counter in the store: unique across both processes.
    expect(new Set(answers.filter((r) => r.status === 201).map((r) => r.json.order.orderNumber)).size).toBe(10);
  });

  it('the same idempotency key sent to both processes at once makes one order and one answer', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const v = new HttpVisitor();
    await v.send(a, 'POST', '/api/commerce/shopping-cart/entries', { itemId: itemId('sticker'), sku: 'STICKER', quantity: 3 });
    const key = `both-${randomBytes(6).toString('hex')}`;
    const answers = await Promise.all([a, b, a, b].map((base) => v.send(base, 'POST', '/api/commerce/checkout', checkoutBody, { 'idempotency-key': key })));
    for (const r of answers) expect(r.status).toBe(201);
    expect(new Set(answers.map((r) => JSON.stringify(r.json))).size).toBe(1);
  });

  it('counts cart writes of one visitor against one limit across both processes', async () => {
    // The stored counters are shared: exhausting the default limit (120 per minute) on two processes.
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const v = new HttpVisitor();
    // Windows are whole minutes: start well inside one, so that all 130 writes fall in it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const answers = [];
    for (let i = 0; i < 130; i++) {
      answers.push(await v.send(i % 2 ? a : b, 'POST', '/api/commerce/shopping-cart/entries', { itemId: itemId('sticker'), sku: 'STICKER', quantity: 1 }));
    }
    expect(answers.slice(0, 120).every((r) => r.status === 200)).toBe(true);
    expect(answers.slice(120).every((r) => r.status === 429 && r.json.code === 'RATE_LIMITED')).toBe(true);
  });
});
