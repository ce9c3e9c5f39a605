import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { IngestQueue, type Batch } from '../../src/modules/analytics/queue.js';
import { writeBatch } from '../../src/modules/analytics/writer.js';
import { buildApp } from '../../src/app.js';
import { ANALYTICS_DEFAULTS } from '../../src/modules/analytics/config.js';
import { importSite } from '../../src/site-dir/index.js';
import { DIALECTS, freshDatabaseUrl, freshStore } from '../helpers/store.js';
import { testConfig } from '../helpers/app.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { openStore } from '../../src/storage/dialect.js';
import { analyticsApp, count, form, pageView, recordHit, websiteId } from './helpers.js';

/** Posts a page view over HTTP with a fresh connection; resolves with the status. */
function postHit(port: number, path: string): Promise<number> {
  const body = form({ event: 'view', data: JSON.stringify(pageView({ pagePath: path })) });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/census/RecordHit', method: 'POST', agent: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(DIALECTS)('the ingestion queue on %s', (dialect) => {
  it('writes in bulk when a batch is full, and everything acknowledged on a graceful close', async () => {
    const site = await analyticsApp(dialect, { batchSize: 50, flushMs: 60_000 });
    try {
      for (let i = 0; i < 120; i++) expect((await recordHit(site.app, pageView({ pagePath: `/p${i}` }))).statusCode).toBe(202);
      // Two full batches went to the store on their own; the rest waits for the timer or the close.
      await new Promise((r) => setTimeout(r, 200));
      const stats = site.app.ingest.queue.stats();
      expect(stats.flushes).toBe(2);
      expect(await count(site.store, 'analytics_events')).toBe(100);
      await site.app.close();
      expect(await count(site.store, 'analytics_events')).toBe(120);
    } finally {
      await site.store.close();
    }
  });

  it('loses nothing acknowledged when the app closes with requests in flight (over HTTP)', async () => {
    const site = await analyticsApp(dialect, { flushMs: 60_000, batchSize: 10_000 });
    try {
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = site.app.server.address() as AddressInfo;
      let answered = 0;
      let someAnswered!: () => void;
      const twenty = new Promise<void>((resolve) => (someAnswered = resolve));
      const sent = Array.from({ length: 200 }, (_, i) => postHit(port, `/inflight/${i}`).catch(() => 0).then((status) => {
        if (++answered === 20) someAnswered();
        return status;
      }));
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

  it('answers 503 with Retry-After when the queue is full, instead of growing', async () => {
    const site = await analyticsApp(dialect, { queueLimit: 5, batchSize: 1_000, flushMs: 60_000 });
    try {
      for (let i = 0; i < 5; i++) expect((await recordHit(site.app, pageView())).statusCode).toBe(202);
      const full = await recordHit(site.app, pageView());
      expect(full.statusCode).toBe(503);
      expect(full.headers['retry-after']).toBe('1');
      expect(full.json().code).toBe('UNAVAILABLE');
      await site.app.ingest.queue.flush();
      expect((await recordHit(site.app, pageView())).statusCode).toBe(202); // room again once written
    } finally {
      await site.close();
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

  it('works with several processes on one store: each writes its own queue', async () => {
    const { url, drop } = await freshDatabaseUrl(dialect);
    const setup = await openStore(url);
    await importSite(setup, FIXTURE_SITE);
    await setup.close();
    const analytics = { ...ANALYTICS_DEFAULTS, rollupIntervalMs: 0, rateLimitPerMinute: 0, flushMs: 5, batchSize: 7 };
    // Two apps that each open the store, as two server processes would.
    const apps = await Promise.all([1, 2].map(() => buildApp(testConfig({ databaseUrl: url, analytics }))));
    try {
      await Promise.all(apps.flatMap((app, a) => Array.from({ length: 40 }, (_, i) => recordHit(app, pageView({ pagePath: `/app${a}/${i}` })))));
      await Promise.all(apps.map((app) => app.close()));
      const check = await openStore(url);
      expect(await count(check, 'analytics_events')).toBe(80);
      const days = await check.db.selectFrom('analytics_days').selectAll().execute();
      expect(days).toHaveLength(1);
      expect(days[0]!.rolled_on).toBeNull();
      await check.close();
    } finally {
      await drop();
    }
  });

  it('keeps a batch the store refused and writes it on the next try, in order', async () => {
    const store = await freshStore(dialect);
    try {
      await importSite(store, FIXTURE_SITE);
      const id = await websiteId(store);
      let failures = 1;
      const writes: number[] = [];
      const queue = new IngestQueue(async (batch: Batch) => {
        writes.push(batch.size);
        if (failures-- > 0) throw new Error('the store is away');
        await writeBatch(store.db, batch);
      }, { batchSize: 3, flushMs: 5, queueLimit: 100 });
      const row = (path: string) => ({ website_id: id, day: '2025-01-01', received_on: 1, kind: 'hit', name: 'view', path, page_type: null,
        collection_type: null, session_id: null, visitor_id: null, referrer_host: '', device: 'desktop', object_id: null, data: '{}' });
      queue.push('analytics_events', [row('/1'), row('/2'), row('/3')]); // a full batch: written at once, and refused
      await new Promise((r) => setTimeout(r, 5));
      queue.push('analytics_events', [row('/4')]);
      expect(queue.stats()).toMatchObject({ queued: 4, failedFlushes: 1 });
      await queue.close();
      expect(writes).toEqual([3, 4]);
      const paths = await store.db.selectFrom('analytics_events').select('path').execute();
      expect(paths.map((p) => p.path).sort()).toEqual(['/1', '/2', '/3', '/4']);
      expect(queue.stats()).toMatchObject({ accepted: 4, stored: 4, queued: 0 });
      expect(queue.hasRoom()).toBe(false); // closed
    } finally {
      await store.close();
    }
  });
});
