import type { Kysely } from 'kysely';
import { WEB_VITALS_THRESHOLDS, type WebVitalName, type WebVitalRating, rateWebVital } from '@tessera/core/constants';
import type { Database } from '../../storage/schema.js';
import { FUNNEL_STEPS, type FunnelStep } from './funnel.js';
import { type Histogram, histogramCount, mergeHistograms, percentileOf } from './percentile.js';
import { addDays } from './request-info.js';
import { type DailyRow, METRIC, WEB_VITALS, computeDay } from './rollup.js';

/** What the owner's view shows for a range of days (GET /api/owner/analytics). */
export interface AnalyticsReport {
  range: { from: string; to: string; today: string; timeZone: string };
  /** `botHits`: collector calls from bots in the range, left out of everything else (not visits, not page views). */
  totals: { visits: number; pageViews: number; botHits: number };
  /** Every day of the range, oldest first, zeros included. */
  series: { day: string; visits: number; pageViews: number }[];
  topPages: { path: string; pageViews: number }[];
  referrers: { host: string; pageViews: number }[];
  devices: { device: string; pageViews: number }[];
  funnel: Record<FunnelStep, number>;
  events: { kind: string; name: string; count: number }[];
  pageSpeed: {
    thresholds: typeof WEB_VITALS_THRESHOLDS;
    site: Record<WebVitalName, VitalSummary | null>;
    pages: ({ path: string; records: number } & Record<WebVitalName, VitalSummary | null>)[];
  };
  errors: { message: string; count: number; lastSeen: number; name: string | null; url: string | null; stack: string | null }[];
  rejected: { endpoint: string; reason: string; count: number }[];
}

interface VitalSummary {
  /** The 75th percentile (ms for LCP and INP, unitless for CLS). */
  p75: number;
  rating: WebVitalRating;
  /** Records that measured it. */
  count: number;
}

const TOP = { pages: 10, referrers: 10, events: 20, speedPages: 20, errors: 20 };

function top<T>(map: Map<string, number>, limit: number, make: (key: string, count: number) => T): T[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([k, c]) => make(k, c));
}

const bump = (map: Map<string, number>, key: string, count: number) => map.set(key, (map.get(key) ?? 0) + count);

/**
 * Reads a range from the daily roll-ups; today, and any day whose raw rows changed since its last
 * roll-up, are computed from the raw rows instead, so the view is never behind the job.
 */
export async function analyticsReport(
  db: Kysely<Database>,
  site: { websiteId: string; timeZone: string },
  range: { from: string; to: string; today: string },
): Promise<AnalyticsReport> {
  const { websiteId } = site;
  const [stored, dirty, rejections, bots] = await Promise.all([
    db.selectFrom('analytics_daily').selectAll().where('website_id', '=', websiteId).where('day', '>=', range.from).where('day', '<=', range.to).execute(),
    db
      .selectFrom('analytics_days')
      .select('day')
      .where('website_id', '=', websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .where('rolled_on', 'is', null)
      .execute(),
    db
      .selectFrom('analytics_rejections')
      .select((eb) => ['endpoint', 'reason', eb.fn.sum<number>('count').as('count')])
      .where('website_id', '=', websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['endpoint', 'reason'])
      .execute(),
    db
      .selectFrom('analytics_bots')
      .select((eb) => eb.fn.sum<number>('count').as('count'))
      .where('website_id', '=', websiteId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .executeTakeFirst(),
  ]);
  const live = new Set(dirty.map((d) => d.day));
  if (range.today >= range.from && range.today <= range.to) live.add(range.today);
  const rows: DailyRow[] = stored.filter((r) => !live.has(r.day));
  for (const day of [...live].sort()) rows.push(...(await computeDay(db, websiteId, day)));

  const series = new Map<string, { visits: number; pageViews: number }>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) series.set(day, { visits: 0, pageViews: 0 });
  const pages = new Map<string, number>();
  const referrers = new Map<string, number>();
  const devices = new Map<string, number>();
  const events = new Map<string, number>();
  const funnel = Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Record<FunnelStep, number>;
  const vitals = new Map<string, Partial<Record<WebVitalName, Histogram>>>();
  const errors = new Map<string, AnalyticsReport['errors'][number]>();

  for (const row of rows) {
    const count = Number(row.count);
    switch (row.metric) {
      case METRIC.pageViews:
        series.get(row.day)!.pageViews += count;
        break;
      case METRIC.visits:
        series.get(row.day)!.visits += count;
        break;
      case METRIC.page:
        bump(pages, row.dimension, count);
        break;
      case METRIC.referrer:
        bump(referrers, row.dimension, count);
        break;
      case METRIC.device:
        bump(devices, row.dimension, count);
        break;
      case METRIC.event:
        bump(events, row.dimension, count);
        break;
      case METRIC.funnel:
        if ((FUNNEL_STEPS as readonly string[]).includes(row.dimension)) funnel[row.dimension as FunnelStep] += count;
        break;
      case METRIC.error: {
        const sample = row.detail ? (JSON.parse(row.detail) as { name?: string; url?: string; stack?: string }) : {};
        const lastSeen = Number(row.value ?? 0);
        const known = errors.get(row.dimension);
        if (!known) {
          errors.set(row.dimension, {
            message: row.dimension,
            count,
            lastSeen,
            name: sample.name ?? null,
            url: sample.url ?? null,
            stack: sample.stack ?? null,
          });
        } else {
          known.count += count;
          if (lastSeen > known.lastSeen) Object.assign(known, { lastSeen, name: sample.name ?? null, url: sample.url ?? null, stack: sample.stack ?? null });
        }
        break;
      }
      default:
        if ((WEB_VITALS as readonly string[]).includes(row.metric) && row.detail) {
          const byMetric = vitals.get(row.dimension) ?? {};
          const metric = row.metric as WebVitalName;
          byMetric[metric] = mergeHistograms(byMetric[metric] ?? {}, JSON.parse(row.detail) as Histogram);
          vitals.set(row.dimension, byMetric);
        }
    }
  }

  const summary = (metric: WebVitalName, histogram: Histogram | undefined): VitalSummary | null => {
    const p75 = histogram ? percentileOf(histogram) : null;
    return p75 === null ? null : { p75, rating: rateWebVital(metric, p75), count: histogramCount(histogram!) };
  };
  const vitalsOf = (path: string) =>
    Object.fromEntries(WEB_VITALS.map((m) => [m, summary(m, vitals.get(path)?.[m])])) as Record<WebVitalName, VitalSummary | null>;
  const speedPages = [...vitals.keys()]
    .filter((p) => p !== '')
    .map((path) => ({ path, records: Math.max(...WEB_VITALS.map((m) => histogramCount(vitals.get(path)?.[m] ?? {}))), ...vitalsOf(path) }))
    .sort((a, b) => b.records - a.records || (a.path < b.path ? -1 : 1))
    .slice(0, TOP.speedPages);

  const daily = [...series.entries()].map(([day, v]) => ({ day, ...v }));
  return {
    range: { ...range, timeZone: site.timeZone },
    totals: { visits: daily.reduce((s, d) => s + d.visits, 0), pageViews: daily.reduce((s, d) => s + d.pageViews, 0), botHits: Number(bots?.count ?? 0) },
    series: daily,
    topPages: top(pages, TOP.pages, (path, pageViews) => ({ path, pageViews })),
    referrers: top(referrers, TOP.referrers, (host, pageViews) => ({ host, pageViews })),
    devices: top(devices, 3, (device, pageViews) => ({ device, pageViews })),
    funnel,
    events: top(events, TOP.events, (key, count) => {
      const at = key.indexOf(':');
      return { kind: key.slice(0, at), name: key.slice(at + 1), count };
    }),
    pageSpeed: { thresholds: WEB_VITALS_THRESHOLDS, site: vitalsOf(''), pages: speedPages },
    errors: [...errors.values()].sort((a, b) => b.lastSeen - a.lastSeen).slice(0, TOP.errors),
    rejected: rejections.map((r) => ({ endpoint: r.endpoint, reason: r.reason, count: Number(r.count) })).sort((a, b) => b.count - a.count),
  };
}
