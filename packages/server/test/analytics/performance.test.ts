import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import type { TestSite } from '../helpers/app.js';
import { analyticsApp, count, imageRecord, pageSpeedRecord, sendRecords, storedRejections } from './helpers.js';

describe.each(DIALECTS)('page-speed records on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await analyticsApp(dialect);
  });
  afterAll(async () => {
    await site.close();
  });

  it('hands out a fresh pageLoadId when page speed is on for the site (the default)', async () => {
    const a = await site.app.inject({ method: 'GET', url: '/api/1/performance/settings' });
    const b = await site.app.inject({ method: 'GET', url: '/api/1/performance/settings' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.json().pageLoadId).toMatch(/^[0-9a-f]{24}$/);
    expect(b.json().pageLoadId).not.toBe(a.json().pageLoadId);
  });

  it('answers 404 to the settings call when the site turns page speed off', async () => {
    await site.store.db
      .updateTable('site_settings')
      .set({ website_settings: JSON.stringify({ pageSpeedEnabled: false }) })
      .execute();
    await site.store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    try {
      const res = await site.app.inject({ method: 'GET', url: '/api/1/performance/settings' });
      expect(res.statusCode).toBe(404);
    } finally {
      await site.store.db
        .updateTable('site_settings')
        .set({ website_settings: JSON.stringify({}) })
        .execute();
      await site.store.db
        .updateTable('websites')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .execute();
    }
  });

  it('stores a beacon of records (text/plain, no crumb): LCP, INP and CLS in columns, images on the page path', async () => {
    const res = await sendRecords(site.app, [
      pageSpeedRecord('/shop', { largestContentfulPaint: 1834.2, interactionToNextPaint: 96, cumulativeLayoutShift: 0.042 }),
      imageRecord('http://localhost/assets/shop/mug.svg'),
      imageRecord('http://localhost/assets/shop/mug.jpg?format=750w'),
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 3 });
    const rows = await site.store.db.selectFrom('performance_records').selectAll().orderBy('event', 'desc').execute();
    expect(rows.map((r) => [r.event, r.path, r.lcp, r.inp, r.cls, r.device, r.page_load_id])).toEqual([
      ['pageSpeed', '/shop', 1834.2, 96, 0.042, 'desktop', 'a1b2c3d4e5f6a1b2c3d4e5f6'],
      ['image', '/shop', null, null, null, 'desktop', 'a1b2c3d4e5f6a1b2c3d4e5f6'],
      ['image', '/shop', null, null, null, 'desktop', 'a1b2c3d4e5f6a1b2c3d4e5f6'],
    ]);
    expect(JSON.parse(rows[0]!.data).data.userTimings).toEqual({ 'rum-hero': 420 });
    // The image records' served size (the spec's squarespaceSize), from their URLs.
    expect(
      rows
        .slice(1)
        .map((r) => JSON.parse(r.data).data.squarespaceSize)
        .sort(),
    ).toEqual(['750w', 'original']);
  });

  it('refuses the whole beacon when any record is wrong (timings negative, too large or not numbers)', async () => {
    const before = await count(site.store, 'performance_records');
    const good = pageSpeedRecord('/a', { largestContentfulPaint: 1000 });
    const cases: [unknown, string][] = [
      [[good, pageSpeedRecord('/b', { largestContentfulPaint: -1 })], 'records.1.data.timings.largestContentfulPaint'],
      [[pageSpeedRecord('/b', { cumulativeLayoutShift: 2147483648 })], 'records.0.data.timings.cumulativeLayoutShift'],
      [[pageSpeedRecord('/b', { largestContentfulPaint: 'fast' as unknown as number })], 'records.0.data.timings.largestContentfulPaint'],
      [[{ ...good, pageLoadId: '' }], 'records.0.pageLoadId'],
      [[{ ...good, event: 'other' }], 'records.0.event'],
      [[{ ...good, data: { ...(good.data as object), deliveryType: 'pigeon' } }], 'records.0.data.deliveryType'],
      [[], 'records'],
      [{ records: [good] }, 'records'],
      ['[{"broken"', 'records'],
    ];
    for (const [body, field] of cases) {
      const res = await sendRecords(site.app, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty([field]);
    }
    const wrongType = await sendRecords(site.app, [good], { 'content-type': 'application/x-www-form-urlencoded' });
    expect(wrongType.statusCode).toBe(415);
    await site.app.ingest.queue.flush();
    expect(await count(site.store, 'performance_records')).toBe(before);
    expect(await storedRejections(site.store)).toMatchObject({
      'performance-records/records.*.data.timings.largestContentfulPaint': 2,
      'performance-records/records': 3,
      'performance-records/content_type': 1,
    });
  });
});
