import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IngestQueue, type Batch } from '../../src/modules/analytics/queue.js';
import { writeBatch } from '../../src/modules/analytics/writer.js';
import { buildApp } from '../../src/app.js';
import { ANALYTICS_DEFAULTS } from '../../src/modules/analytics/config.js';
import { importSite } from '../../src/site-dir/index.js';
import { writeTransaction } from '../../src/storage/statement.js';
import type { Store } from '../../src/storage/dialect.js';
import { DIALECTS, freshDatabaseUrl, freshStore } from '../helpers/store.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { openStore } from '../../src/storage/dialect.js';
import { CHROME_DESKTOP, analyticsApp, count, form, pageView, recordHit, storedRejections, websiteId } from './helpers.js';

/** Posts a page view over HTTP with a fresh connection; resolves with the status. */
function postHit(port: number, path: string): Promise<number> {
  const body = form({ event: 'view', data: JSON.stringify(pageView({ pagePath: path })) });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/census/RecordHit',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'user-agent': CHROME_DESKTOP },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Holds the store's write side until the returned function is called: a write transaction that
 * waits (on PostgreSQL it also locks the events table, so inserts wait for it). The site's settings
 * must be cached (siteCacheMs), as SQLite's reads wait for the transaction too.
 */
async function holdWrites(store: Store): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = writeTransaction(store, async (tx) => {
    if (store.dialect === 'postgres') await sql`lock table analytics_events in exclusive mode`.execute(tx);
    holding();
    await gate;
  });
  await held;
  return async () => {
    release();
    await done;
  };
}

/** Waits until `ok()` holds, turn by turn (at most some seconds). */
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each(DIALECTS)('the ingestion writer on %s', (dialect) => {
  it('answers a page view only once its row is committed, and writes the requests that wait in one transaction', async () => {
    const site = await analyticsApp(dialect, {}, { siteCacheMs: 60_000 });
    try {
      expect((await recordHit(site.app, pageView({ pagePath: '/first' }))).statusCode).toBe(202);
      const { flushes } = site.app.ingest.queue.stats();
      const release = await holdWrites(site.store);
      let answered = 0;
      const sent = Array.from({ length: 20 }, (_, i) =>
        recordHit(site.app, pageView({ pagePath: `/held/${i}` })).then((res) => {
          answered++;
          return res.statusCode;
        }),
      );
      await until(() => site.app.ingest.queue.stats().queued + site.app.ingest.queue.stats().writing === 20);
      expect(site.app.ingest.queue.stats()).toMatchObject({ accepted: 1 });
      expect(answered).toBe(0); // the store has not taken them yet: nobody is told they are kept
      await release();
      expect(await Promise.all(sent)).toEqual(Array(20).fill(202));
      expect(await count(site.store, 'analytics_events')).toBe(21);
      // The write in progress when they came, then one for all that waited meanwhile.
      expect(site.app.ingest.queue.stats().flushes - flushes).toBeLessThanOrEqual(2);
      expect(site.app.ingest.queue.stats()).toMatchObject({ accepted: 21, queued: 0, writing: 0 });
    } finally {
      await site.close();
    }
  });

  it('answers 503 with Retry-After when more rows wait than the limit, instead of growing', async () => {
    const site = await analyticsApp(dialect, { queueLimit: 5 }, { siteCacheMs: 60_000 });
    try {
      expect((await recordHit(site.app, pageView())).statusCode).toBe(202);
      const release = await holdWrites(site.store);
      const waiting = Array.from({ length: 5 }, () => recordHit(site.app, pageView()));
      await until(() => site.app.ingest.queue.stats().queued + site.app.ingest.queue.stats().writing === 5);
      const full = await recordHit(site.app, pageView());
      expect(full.statusCode).toBe(503);
      expect(full.headers['retry-after']).toBe('1');
      expect(full.json().code).toBe('UNAVAILABLE');
      await release();
      expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual(Array(5).fill(202));
      expect((await recordHit(site.app, pageView())).statusCode).toBe(202); // room again once written
      expect(await count(site.store, 'analytics_events')).toBe(7);
    } finally {
      await site.close();
    }
  });

  it('answers 503 when the store refuses the write, stores nothing of it, and takes the next one', async () => {
    const site = await analyticsApp(dialect);
    try {
      await site.store.db.schema.alterTable('analytics_events').renameTo('analytics_events_away').execute();
      const refused = await recordHit(site.app, pageView({ pagePath: '/while-away' }));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json().code).toBe('UNAVAILABLE');
      await site.store.db.schema.alterTable('analytics_events_away').renameTo('analytics_events').execute();
      expect((await recordHit(site.app, pageView({ pagePath: '/back' }))).statusCode).toBe(202);
      const paths = await site.store.db.selectFrom('analytics_events').select('path').execute();
      expect(paths.map((p) => p.path)).toEqual(['/back']);
      expect(site.app.ingest.queue.stats()).toMatchObject({ accepted: 1, failed: 1, failedFlushes: 1 });
    } finally {
      await site.close();
    }
  });

  it('loses nothing acknowledged when the app closes with requests in flight (over HTTP)', async () => {
    const site = await analyticsApp(dialect);
    try {
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = site.app.server.address() as AddressInfo;
      let answered = 0;
      let someAnswered!: () => void;
      const twenty = new Promise<void>((resolve) => (someAnswered = resolve));
      const sent = Array.from({ length: 200 }, (_, i) =>
        postHit(port, `/inflight/${i}`)
          .catch(() => 0)
          .then((status) => {
            if (++answered === 20) someAnswered();
            return status;
          }),
      );
      await twenty; // close while most are still in flight
      const closing = site.app.close();
      const statuses = await Promise.all(sent);
      await closing;
      const acknowledged = statuses.filter((s) => s === 202).length;
      expect(acknowledged).toBeGreaterThan(0);
      // Requests that arrived after the close began were refused (503) or not connected (0), never acknowledged and lost.
      expect(statuses.every((s) => s === 202 || s === 503 || s === 0)).toBe(true);
      expect(await count(site.store, 'analytics_events')).toBe(acknowledged);
    } finally {
      await site.store.close();
    }
  });

  it('answers 429 with Retry-After past the rate limit per client address', async () => {
    const site = await analyticsApp(dialect, { rateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await recordHit(site.app, pageView())).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
      const limited = await recordHit(site.app, pageView());
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(site.app.ingest.rejected().rateLimited).toBe(3);
    } finally {
      await site.close();
    }
  });

  it('works with several processes on one store: each writes its own batches', async () => {
    const { url, drop } = await freshDatabaseUrl(dialect);
    const setup = await openStore(url);
    await importSite(setup, FIXTURE_SITE);
    await setup.close();
    const analytics = { ...ANALYTICS_DEFAULTS, rollupIntervalMs: 0, rateLimitPerMinute: 0, batchSize: 7 };
    // Two apps that each open the store, as two server processes would.
    const apps = await Promise.all([1, 2].map(() => buildApp(testConfig({ databaseUrl: url, analytics }))));
    try {
      const answers = await Promise.all(
        apps.flatMap((app, a) => Array.from({ length: 40 }, (_, i) => recordHit(app, pageView({ pagePath: `/app${a}/${i}` })))),
      );
      expect(answers.every((r) => r.statusCode === 202)).toBe(true);
      const check = await openStore(url);
      expect(await count(check, 'analytics_events')).toBe(80); // stored when answered, before any close
      const days = await check.db.selectFrom('analytics_days').selectAll().execute();
      expect(days).toHaveLength(1);
      expect(days[0]!.rolled_on).toBeNull();
      await check.close();
      await Promise.all(apps.map((app) => app.close()));
    } finally {
      await drop();
    }
  });

  it('writes whole requests, in order, at most batchSize rows a transaction; a refused write fails its requests', async () => {
    const store = await freshStore(dialect);
    try {
      await importSite(store, FIXTURE_SITE);
      const id = await websiteId(store);
      let failures = 1;
      const writes: number[] = [];
      const queue = new IngestQueue(
        async (batch: Batch) => {
          writes.push(batch.size);
          if (failures-- > 0) throw new Error('the store is away');
          await writeBatch(store, batch);
        },
        { batchSize: 3, queueLimit: 100 },
      );
      const row = (path: string) => ({
        website_id: id,
        day: '2025-01-01',
        received_on: 1,
        kind: 'hit',
        name: 'view',
        path,
        page_type: null,
        collection_type: null,
        session_id: null,
        visitor_id: null,
        referrer_host: '',
        device: 'desktop',
        object_id: null,
        data: '{}',
      });
      queue.countRejection(id, '2025-01-01', 'RecordHit', 'data.pagePath');
      const refused = queue.push('analytics_events', [row('/1')]);
      await expect(refused).rejects.toThrow('the store is away');
      expect(queue.stats()).toMatchObject({ accepted: 0, failed: 1, failedFlushes: 1, queued: 0 });
      // One turn's requests: whole requests up to 3 rows a write, in the order they came.
      queue.countRejection(id, '2025-01-01', 'RecordHit', 'data');
      const pushed = [
        queue.push('analytics_events', [row('/2'), row('/3')]),
        queue.push('analytics_events', [row('/4'), row('/5')]),
        queue.push('analytics_events', [row('/6')]),
        queue.countBot(id, '2025-01-01', 'RecordHit'),
        queue.push('analytics_events', [row('/7')]),
      ];
      expect(queue.stats().queued).toBe(7);
      await Promise.all(pushed);
      // Rows per write (the bot's call counts as one): [/2 /3], [/4 /5 /6], [bot /7].
      expect(writes).toEqual([1, 2, 3, 1]);
      const paths = await store.db.selectFrom('analytics_events').select('path').execute();
      expect(paths.map((p) => p.path).sort()).toEqual(['/2', '/3', '/4', '/5', '/6', '/7']);
      // The count that rode with the refused write went with it; the next one's is stored.
      expect(await storedRejections(store)).toEqual({ 'RecordHit/data': 1 });
      expect(queue.stats()).toMatchObject({ accepted: 6, failed: 1, bots: 1, queued: 0 });
      await queue.close();
      expect(queue.hasRoom()).toBe(false); // closed
    } finally {
      await store.close();
    }
  });
});
