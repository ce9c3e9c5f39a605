import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyBatch, type Batch, type RawRows } from '../../src/modules/analytics/queue.js';
import { writeBatch } from '../../src/modules/analytics/writer.js';
import { computeDay, runRollup } from '../../src/modules/analytics/rollup.js';
import { AnalyticsCommandError, runAnalyticsCommand } from '../../src/modules/analytics/cli.js';
import { ANALYTICS_DEFAULTS } from '../../src/modules/analytics/config.js';
import { analyticsReport } from '../../src/modules/analytics/report.js';
import { dayIn } from '@tessera/core/zone';
import { addDays } from '../../src/modules/analytics/request-info.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Store } from '../../src/storage/dialect.js';
import { DIALECTS, freshStore } from '../helpers/store.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { count, websiteId } from './helpers.js';

const ZONE = 'America/New_York';
type EventRow = RawRows['analytics_events'][number];

describe.each(DIALECTS)('roll-ups, retention and the report on %s', (dialect) => {
  let store: Store;
  let site: string;
  const today = dayIn(ZONE, Date.now());
  const d1 = addDays(today, -3);
  const d2 = addDays(today, -2);

  const view = (day: string, path: string, extra: Partial<EventRow> = {}): EventRow => ({
    website_id: site,
    day,
    received_on: Date.parse(`${day}T15:00:00Z`),
    kind: 'hit',
    name: 'view',
    path,
    page_type: 2,
    collection_type: 10,
    session_id: 's1',
    visitor_id: 'v1',
    referrer_host: '',
    device: 'desktop',
    object_id: null,
    data: '{}',
    ...extra,
  });
  const event = (day: string, kind: string, name: string): EventRow => ({ ...view(day, '/shop/blue-mug'), kind, name });
  const speed = (day: string, path: string, lcp: number | null, inp: number | null, cls: number | null) => ({
    website_id: site,
    day,
    received_on: Date.parse(`${day}T15:00:00Z`),
    page_load_id: 'p',
    event: 'pageSpeed',
    path,
    device: 'desktop',
    lcp,
    inp,
    cls,
    data: '{}',
  });
  const clientError = (day: string, message: string, at: number, url = 'http://localhost/') => ({
    website_id: site,
    day,
    received_on: at,
    event: 'error',
    message,
    name: 'TypeError',
    path: '/',
    url,
    stack: `TypeError: ${message}`,
    data: '{}',
  });

  async function write(rows: Partial<RawRows>): Promise<void> {
    const batch: Batch = emptyBatch();
    for (const [table, list] of Object.entries(rows) as [keyof RawRows, object[]][]) {
      (batch.rows[table] as object[]).push(...list);
      batch.size += list.length;
    }
    await writeBatch(store, batch);
  }

  beforeAll(async () => {
    store = await freshStore(dialect);
    await importSite(store, FIXTURE_SITE);
    site = await websiteId(store);
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    for (const table of ['analytics_events', 'performance_records', 'client_errors', 'analytics_daily', 'analytics_days', 'orders'] as const) {
      await store.db.deleteFrom(table).execute();
    }
  });

  it('computes a day: visits, page views, pages, referrers, devices, funnel, events, web vitals, errors', async () => {
    const LCPS = [1200, 1800, 2400, 2600, 3900, 800, 1000, 5200]; // sorted: 800 1000 1200 1800 2400 2600 3900 5200 -> p75 (6th) 2600
    await write({
      analytics_events: [
        view(d1, '/', { session_id: 's1', referrer_host: 'search.example' }),
        view(d1, '/shop', { session_id: 's1' }),
        view(d1, '/shop/blue-mug', { session_id: 's1', page_type: 50, collection_type: 13 }),
        view(d1, '/shop/blue-mug', { session_id: 's2', page_type: 50, collection_type: 13, device: 'phone', referrer_host: 'social.example' }),
        view(d1, '/checkout', { session_id: 's2', page_type: 201, device: 'phone' }),
        view(d1, '/checkout/order-confirmed', { session_id: 's2', page_type: 202, device: 'phone' }),
        view(d1, '/', { session_id: null, device: 'tablet', referrer_host: 'search.example' }),
        view(d1, '/journal', { session_id: null }),
        event(d1, 'event', 'add_to_cart'),
        event(d1, 'event', 'related_product_add_to_cart'),
        event(d1, 'event', 'view_cart'),
        event(d1, 'census', 'button-click'),
        event(d1, 'census', 'button-click'),
        view(d2, '/'), // another day: not counted on d1
      ],
      performance_records: [
        ...LCPS.map((lcp, i) => speed(d1, i < 5 ? '/shop' : '/', lcp, i < 4 ? 80 * (i + 1) : null, i === 0 ? 0.3 : 0.01)),
        { ...speed(d1, '/shop', 9999, null, null), event: 'image' }, // image records carry no vitals
      ],
      client_errors: [
        clientError(d1, 'x is undefined', 1000, 'http://localhost/a'),
        clientError(d1, 'x is undefined', 3000, 'http://localhost/latest'),
        clientError(d1, 'boom', 2000),
      ],
    });
    // Orders come from the orders table: one placed on d1 counts; a declined one, a donation and one of d2 do not.
    const order = (n: number, day: string, extra: Record<string, unknown> = {}) => ({
      id: `0000000000000000000000${n}0`,
      website_id: site,
      order_number: 1000 + n,
      idempotency_key: `funnel-${n}-${dialect}`,
      request_fingerprint: 'f',
      kind: 'order' as const,
      cart_id: null,
      member_id: null,
      customer_email: 'a@example.com',
      currency: 'USD',
      subtotal_cents: 100,
      discount_cents: 0,
      shipping_cost_cents: 0,
      tax_cents: 0,
      gift_card_cents: 0,
      grand_total_cents: 100,
      amount_due_cents: 100,
      shipping_address: null,
      shipping_option: null,
      coupons: '[]',
      payment_provider: 'offline',
      payment_status: 'pending',
      payment_reference: null,
      fulfillment_status: 'PENDING',
      answer: null,
      created_on: Date.parse(`${day}T15:00:00Z`),
      updated_on: Date.parse(`${day}T15:00:00Z`),
      ...extra,
    });
    await store.db
      .insertInto('orders')
      .values([order(1, d1), order(2, d1, { payment_status: 'declined' }), order(3, d1, { kind: 'donation' }), order(4, d2)])
      .execute();
    const rows = await computeDay(store.db, site, d1);
    const get = (metric: string, dimension = '') => rows.find((r) => r.metric === metric && r.dimension === dimension);
    expect(get('pageViews')?.count).toBe(8);
    expect(get('visits')?.count).toBe(4); // sessions s1 and s2, and two page views without a session
    expect(get('page', '/')?.count).toBe(2);
    expect(get('page', '/shop/blue-mug')?.count).toBe(2);
    expect(get('referrer', 'search.example')?.count).toBe(2);
    expect(get('referrer', 'social.example')?.count).toBe(1);
    expect(rows.filter((r) => r.metric === 'referrer')).toHaveLength(2);
    expect([get('device', 'desktop')?.count, get('device', 'phone')?.count, get('device', 'tablet')?.count]).toEqual([4, 3, 1]);
    expect(['productViews', 'addsToCart', 'checkouts', 'orders'].map((s) => get('funnel', s)?.count)).toEqual([2, 2, 1, 1]);
    expect(get('event', 'census:button-click')?.count).toBe(2);
    expect(get('event', 'event:view_cart')?.count).toBe(1);
    expect(get('LCP')).toMatchObject({ count: 8, value: 2600 });
    expect(get('LCP', '/shop')).toMatchObject({ count: 5, value: 2600 }); // 1200 1800 2400 2600 3900 -> 4th
    expect(get('INP')).toMatchObject({ count: 4, value: 240 }); // 80 160 240 320 -> 3rd
    expect(get('CLS')).toMatchObject({ count: 8, value: 0.01 });
    expect(JSON.parse(get('LCP', '/')!.detail!)).toEqual({ '800': 1, '1000': 1, '5200': 1 });
    expect(get('error', 'x is undefined')).toMatchObject({ count: 2, value: 3000 });
    expect(JSON.parse(get('error', 'x is undefined')!.detail!)).toMatchObject({ url: 'http://localhost/latest', name: 'TypeError' });
    expect(get('error', 'boom')?.count).toBe(1);
  });

  it('rolls up changed days once, again when they change, and the same rows when re-run in full', async () => {
    await write({ analytics_events: [view(d1, '/'), view(d1, '/a', { session_id: 's9' }), view(d2, '/')] });
    const first = await runRollup(store.db, { retentionDays: 90 });
    expect(first.days).toBe(2);
    const stored = async () =>
      store.db
        .selectFrom('analytics_daily')
        .select(['day', 'metric', 'dimension', 'count', 'value', 'detail'])
        .orderBy('day')
        .orderBy('metric')
        .orderBy('dimension')
        .execute();
    const once = await stored();
    expect(once.find((r) => r.day === d1 && r.metric === 'pageViews')?.count).toBe(2);
    expect((await runRollup(store.db, { retentionDays: 90 })).days).toBe(0); // nothing changed
    expect((await runRollup(store.db, { retentionDays: 90, all: true })).days).toBe(2);
    expect(await stored()).toEqual(once); // idempotent: the same rows, not twice as many
    await write({ analytics_events: [view(d1, '/b')] }); // a late batch marks the day changed
    const again = await runRollup(store.db, { retentionDays: 90 });
    expect(again.days).toBe(1);
    expect((await stored()).find((r) => r.day === d1 && r.metric === 'pageViews')?.count).toBe(3);
  });

  it('runs on demand from the command line', async () => {
    await write({ analytics_events: [view(d1, '/'), view(d2, '/')] });
    const said: string[] = [];
    await runAnalyticsCommand(store, { ...ANALYTICS_DEFAULTS, retentionDays: 30 }, ['rollup'], (l) => said.push(l));
    expect(said).toEqual(['Rolled up 2 days (8 rows); deleted 0 raw rows older than 30 days.']);
    await runAnalyticsCommand(store, ANALYTICS_DEFAULTS, ['rollup', '--all'], (l) => said.push(l));
    expect(said[1]).toMatch(/^Rolled up 2 days \(8 rows\)/);
    await expect(runAnalyticsCommand(store, ANALYTICS_DEFAULTS, [], () => {})).rejects.toThrow(AnalyticsCommandError);
  });

  it('deletes raw rows past the retention only after rolling them up; the report still shows them', async () => {
    const old = addDays(today, -10);
    await write({
      analytics_events: [view(old, '/old'), view(old, '/old'), view(d2, '/recent')],
      performance_records: [speed(old, '/old', 1000, 100, 0.05)],
      client_errors: [clientError(old, 'old error', Date.parse(`${old}T12:00:00Z`))],
    });
    const result = await runRollup(store.db, { retentionDays: 5 });
    expect(result.deleted).toBe(4);
    expect(await count(store, 'analytics_events')).toBe(1);
    expect(await count(store, 'performance_records')).toBe(0);
    expect(await count(store, 'client_errors')).toBe(0);
    const report = await analyticsReport(store.db, { websiteId: site, timeZone: ZONE }, { from: addDays(today, -12), to: today, today });
    expect(report.topPages).toEqual([
      { path: '/old', pageViews: 2 },
      { path: '/recent', pageViews: 1 },
    ]);
    expect(report.series.find((s) => s.day === old)).toEqual({ day: old, visits: 1, pageViews: 2 });
    expect(report.pageSpeed.pages[0]).toMatchObject({ path: '/old', LCP: { p75: 1000, rating: 'good' } });
    expect(report.errors[0]).toMatchObject({ message: 'old error', count: 1 });
  });

  it('reports a range: stored days, days not rolled up yet and today, merged; p75 over all days; ratings', async () => {
    await write({
      analytics_events: [view(d1, '/', { session_id: 'a' }), view(d1, '/', { session_id: 'b' }), view(today, '/', { session_id: 'c' })],
      performance_records: [
        speed(d1, '/', 2000, 150, 0.05),
        speed(d1, '/', 2100, 180, 0.08),
        speed(d2, '/', 4100, 600, 0.3),
        speed(today, '/', 4050, 450, 0.2),
      ],
    });
    await runRollup(store.db, { retentionDays: 90 });
    await write({ analytics_events: [view(d2, '/late', { session_id: 'd' })] }); // d2 changed since its roll-up
    await write({ analytics_events: [view(today, '/today', { session_id: 'c' })] });
    const report = await analyticsReport(store.db, { websiteId: site, timeZone: ZONE }, { from: addDays(today, -6), to: today, today });
    expect(report.series).toHaveLength(7);
    expect(report.series.find((s) => s.day === d1)).toEqual({ day: d1, visits: 2, pageViews: 2 });
    expect(report.series.find((s) => s.day === d2)).toEqual({ day: d2, visits: 1, pageViews: 1 });
    expect(report.series.at(-1)).toEqual({ day: today, visits: 1, pageViews: 2 });
    expect(report.totals).toEqual({ visits: 4, pageViews: 5, botHits: 0 });
    // LCP over the four records: 2000 2100 4050 4100 -> p75 is the 3rd: 4050 (poor); INP 150 180 450 600 -> 450; CLS -> 0.2
    expect(report.pageSpeed.site).toEqual({
      LCP: { p75: 4050, rating: 'poor', count: 4 },
      INP: { p75: 450, rating: 'needs-improvement', count: 4 },
      CLS: { p75: 0.2, rating: 'needs-improvement', count: 4 },
    });
    expect(report.pageSpeed.thresholds).toEqual({ LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25] });
  });
});
