import type { Insertable, Kysely, Transaction } from 'kysely';
import type { WebVitalName } from '@tessera/core/constants';
import type { Database } from '../../storage/schema.js';
import type { AnalyticsDailyTable } from '../../storage/schema-analytics.js';
import { EVENT_FUNNEL_STEPS, FUNNEL_RULES, FUNNEL_STEPS, ordersOfDay } from './funnel.js';
import { histogramOf, percentileOf } from './percentile.js';
import { dayIn } from '@tessera/core/zone';
import { addDays } from './request-info.js';
import { systemClock, type Clock } from '../../clock.js';

type Db = Kysely<Database> | Transaction<Database>;
export type DailyRow = Insertable<AnalyticsDailyTable>;

/** The roll-up's metric names: one row per metric and dimension and day. */
export const METRIC = {
  pageViews: 'pageViews',
  visits: 'visits',
  page: 'page',
  referrer: 'referrer',
  device: 'device',
  funnel: 'funnel',
  event: 'event',
  error: 'error',
} as const;
export const WEB_VITALS: readonly WebVitalName[] = ['LCP', 'INP', 'CLS'];
const VITAL_COLUMN = { LCP: 'lcp', INP: 'inp', CLS: 'cls' } as const;

/** Dimensions kept per day and metric (most frequent first): a flood of junk paths cannot grow a day without bound. */
const DIMENSIONS_PER_DAY = 500;
const DIMENSION_LENGTH = 500;

const n = (value: unknown) => Number(value ?? 0);

/**
 * A day's roll-up rows, computed from the raw rows (the same function serves the stored roll-up
 * and the owner's view of today). Visits are distinct session ids (a page view without one is a
 * visit of its own); referrers are other sites' hosts; web vitals are a histogram and its 75th
 * percentile per page and for the whole site (dimension '').
 */
export async function computeDay(db: Db, websiteId: string, day: string): Promise<DailyRow[]> {
  const rows: DailyRow[] = [];
  const add = (metric: string, dimension: string, count: number, value: number | null = null, detail: string | null = null) =>
    rows.push({ website_id: websiteId, day, metric, dimension: dimension.slice(0, DIMENSION_LENGTH), count, value, detail });

  const events = db.selectFrom('analytics_events').where('website_id', '=', websiteId).where('day', '=', day);
  const views = events.where('kind', '=', 'hit').where('name', '=', 'view');

  const [totals, pages, referrers, devices, funnel, others, speed, errors, samples] = await Promise.all([
    views
      .select((eb) => [
        eb.fn.countAll().as('views'),
        eb.fn.count('session_id').distinct().as('sessions'),
        eb.fn.sum(eb.case().when('session_id', 'is', null).then(1).else(0).end()).as('anonymous'),
      ])
      .executeTakeFirst(),
    views
      .select((eb) => ['path', eb.fn.countAll().as('n')])
      .groupBy('path')
      .orderBy('n', 'desc')
      .limit(DIMENSIONS_PER_DAY)
      .execute(),
    views
      .where('referrer_host', '<>', '')
      .select((eb) => ['referrer_host', eb.fn.countAll().as('n')])
      .groupBy('referrer_host')
      .orderBy('n', 'desc')
      .limit(DIMENSIONS_PER_DAY)
      .execute(),
    views
      .select((eb) => ['device', eb.fn.countAll().as('n')])
      .groupBy('device')
      .execute(),
    events
      .select((eb) => EVENT_FUNNEL_STEPS.map((step) => eb.fn.sum(eb.case().when(FUNNEL_RULES[step](eb)).then(1).else(0).end()).as(step)))
      .executeTakeFirst()
      .then(async (counts) => ({ ...counts, orders: await ordersOfDay(db, websiteId, day) })),
    events
      .where((eb) => eb.not(eb.and([eb('kind', '=', 'hit'), eb('name', '=', 'view')])))
      .select((eb) => ['kind', 'name', eb.fn.countAll().as('n')])
      .groupBy(['kind', 'name'])
      .orderBy('n', 'desc')
      .limit(DIMENSIONS_PER_DAY)
      .execute(),
    db
      .selectFrom('performance_records')
      .select(['path', 'lcp', 'inp', 'cls'])
      .where('website_id', '=', websiteId)
      .where('day', '=', day)
      .where('event', '=', 'pageSpeed')
      .execute(),
    db
      .selectFrom('client_errors')
      .select((eb) => ['message', eb.fn.countAll().as('n'), eb.fn.max('received_on').as('last')])
      .where('website_id', '=', websiteId)
      .where('day', '=', day)
      .groupBy('message')
      .orderBy('n', 'desc')
      .limit(DIMENSIONS_PER_DAY)
      .execute(),
    db
      .selectFrom('client_errors')
      .select(['message', 'name', 'url', 'stack', 'event'])
      .where('website_id', '=', websiteId)
      .where('day', '=', day)
      .orderBy('received_on', 'desc')
      .limit(2_000)
      .execute(),
  ]);

  const pageViews = n(totals?.views);
  if (pageViews > 0) {
    add(METRIC.pageViews, '', pageViews);
    add(METRIC.visits, '', n(totals?.sessions) + n(totals?.anonymous));
  }
  for (const p of pages) add(METRIC.page, p.path, n(p.n));
  for (const r of referrers) add(METRIC.referrer, r.referrer_host, n(r.n));
  for (const d of devices) add(METRIC.device, d.device, n(d.n));
  for (const step of FUNNEL_STEPS) {
    const count = n((funnel as Record<string, unknown> | undefined)?.[step]);
    if (count > 0) add(METRIC.funnel, step, count);
  }
  for (const o of others) add(METRIC.event, `${o.kind}:${o.name}`, n(o.n));

  // Web vitals: per page (the pages with the most records) and for the whole site.
  const byPath = new Map<string, typeof speed>();
  for (const record of speed) {
    const list = byPath.get(record.path);
    if (list) list.push(record);
    else byPath.set(record.path, [record]);
  }
  const topPaths = [...byPath.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, DIMENSIONS_PER_DAY);
  for (const [path, records] of [['', speed] as const, ...topPaths]) {
    for (const metric of WEB_VITALS) {
      const values = records.map((r) => r[VITAL_COLUMN[metric]]).filter((v): v is number => typeof v === 'number');
      if (values.length === 0) continue;
      const histogram = histogramOf(metric, values);
      add(metric, path, values.length, percentileOf(histogram), JSON.stringify(histogram));
    }
  }

  // Client errors grouped by message, with the latest occurrence as the sample.
  const sample = new Map<string, (typeof samples)[number]>();
  for (const s of samples) if (!sample.has(s.message)) sample.set(s.message, s);
  for (const e of errors) {
    const s = sample.get(e.message);
    const detail = s ? JSON.stringify({ name: s.name, url: s.url, event: s.event, stack: s.stack?.slice(0, 2_000) ?? null }) : null;
    add(METRIC.error, e.message, n(e.n), n(e.last), detail);
  }
  return rows;
}

/**
 * Rolls one day up, idempotently: the day's rows are replaced in one transaction. The day's
 * marker row is claimed first (rolled_on set), which on PostgreSQL locks it until the commit: two
 * processes rolling the same day take turns, and a batch that touches the day meanwhile waits for
 * the lock and then marks the day changed again (rolled_on null), so its rows are rolled up by
 * the next run. Nothing written is ever left out of the roll-ups for good.
 */
async function rollupDay(db: Kysely<Database>, websiteId: string, day: string, startedOn: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('analytics_days')
      .values({ website_id: websiteId, day, changed_on: startedOn, rolled_on: startedOn })
      .onConflict((oc) => oc.columns(['website_id', 'day']).doUpdateSet({ rolled_on: startedOn }))
      .execute();
    const rows = await computeDay(tx, websiteId, day);
    await tx.deleteFrom('analytics_daily').where('website_id', '=', websiteId).where('day', '=', day).execute();
    for (let i = 0; i < rows.length; i += 100)
      await tx
        .insertInto('analytics_daily')
        .values(rows.slice(i, i + 100))
        .execute();
    return rows.length;
  });
}

export interface RollupResult {
  /** Days rolled up. */
  days: number;
  /** Roll-up rows written. */
  rows: number;
  /** Raw rows deleted by retention. */
  deleted: number;
}

/**
 * The roll-up job: every day whose raw rows changed since its last roll-up is rolled up (`all`
 * rolls every day that still has a marker), then raw rows older than the retention are deleted.
 * Days are rolled before their raw rows can go, so nothing is deleted that was never rolled up.
 */
export async function runRollup(db: Kysely<Database>, options: { retentionDays: number; all?: boolean; clock?: Clock }): Promise<RollupResult> {
  const clock = options.clock ?? systemClock;
  const now = clock();
  let query = db.selectFrom('analytics_days').select(['website_id', 'day']);
  if (!options.all) query = query.where('rolled_on', 'is', null);
  const days = await query.orderBy('day').execute();
  let rows = 0;
  for (const d of days) rows += await rollupDay(db, d.website_id, d.day, clock());
  const deleted = await applyRetention(db, options.retentionDays, now);
  return { days: days.length, rows, deleted };
}

/** Deletes raw rows of days more than `retentionDays` before each site's today; roll-ups stay. */
async function applyRetention(db: Kysely<Database>, retentionDays: number, now: number): Promise<number> {
  const sites = await db.selectFrom('site_settings').select(['website_id', 'time_zone']).execute();
  let deleted = 0;
  for (const site of sites) {
    const cutoff = addDays(dayIn(site.time_zone, now), -retentionDays);
    for (const table of ['analytics_events', 'performance_records', 'client_errors'] as const) {
      const result = await db.deleteFrom(table).where('website_id', '=', site.website_id).where('day', '<', cutoff).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
  }
  return deleted;
}
