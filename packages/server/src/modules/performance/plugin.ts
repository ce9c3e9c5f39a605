import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../storage/ids.js';
import { hasType } from '../analytics/index.js';
import { deviceOf, pathOf } from '../analytics/index.js';
import { pageSpeedEnabled } from './settings.js';
import { ClientId, MAX_PROPERTIES, Opt, PageContextFields, Scalar, SitePath, Str, checker, parseJson, rejected, under } from '../../http/validate.js';

/**
 * Page-speed records (platform.md sections 3, 4, 7):
 *   GET  /api/1/performance/settings   200 { pageLoadId } when page speed is on for the site, else 404
 *   POST /api/1/performance/records    text/plain: a JSON array of { app, event: pageSpeed | image, pageLoadId, timestamp, data }
 *                                      (a beacon, so no crumb header: exempt, see docs/errors.md); 202 { accepted }
 *                                      once stored; a bot's records are counted, not stored (202 { accepted: 0 })
 * A site turns page speed off with `"settings": { "pageSpeedEnabled": false }` in site.json (settings.ts).
 */

/** A timing the collector keeps: a number, not negative, at most 2147483647 (platform.md section 5). */
const Timing = Type.Number({ minimum: 0, maximum: 2_147_483_647 });
const Timings = Type.Object({}, { additionalProperties: Timing, maxProperties: 60 });
const Measure = Type.Number({ minimum: 0, maximum: 1_000_000 });

const PageSpeedData = Type.Object(
  {
    context: Opt(Type.Object(PageContextFields, { additionalProperties: Scalar, maxProperties: MAX_PROPERTIES })),
    analyticsId: Opt(ClientId),
    marketingId: Opt(ClientId),
    memberId: Opt(Str(64)),
    version: Str(32, 1),
    connection: Opt(
      Type.Object(
        { downlink: Opt(Measure), effectiveType: Opt(Str(16)), rtt: Opt(Measure), saveData: Opt(Type.Boolean()) },
        { additionalProperties: Scalar, maxProperties: 20 },
      ),
    ),
    deliveryType: Type.Union([Type.Literal('beacon'), Type.Literal('xhr')]),
    display: Opt(
      Type.Object(
        { devicePixelRatio: Opt(Measure), screenWidth: Opt(Measure), screenHeight: Opt(Measure), viewportWidth: Opt(Measure), viewportHeight: Opt(Measure) },
        { additionalProperties: Scalar, maxProperties: 20 },
      ),
    ),
    hardware: Opt(Type.Object({ deviceMemory: Opt(Measure), hardwareConcurrency: Opt(Measure) }, { additionalProperties: Scalar, maxProperties: 20 })),
    hash: Opt(Str(2048)),
    hostname: Str(255),
    pathname: SitePath,
    timings: Timings,
    userTimings: Opt(Timings),
  },
  { additionalProperties: Scalar, maxProperties: MAX_PROPERTIES },
);

const ImageData = Type.Object(
  {
    url: Str(2048, 1),
    visibleOnLoad: Type.Boolean(),
    observationTime: Measure,
    intersectionRatio: Type.Number({ minimum: 0, maximum: 1 }),
    imageType: Type.Integer({ minimum: 0, maximum: 2 }),
    imageLoaderType: Opt(Str(64)),
    naturalWidth: Measure,
    naturalHeight: Measure,
    displayedWidth: Measure,
    displayedHeight: Measure,
    timings: Timings,
  },
  { additionalProperties: Scalar, maxProperties: 40 },
);

const Envelope = Type.Object(
  {
    app: Str(64, 1),
    event: Type.Union([Type.Literal('pageSpeed'), Type.Literal('image')]),
    pageLoadId: ClientId,
    timestamp: Type.Number({ minimum: 0 }),
    data: Type.Object({}, { additionalProperties: Type.Unknown() }),
  },
  { additionalProperties: false },
);

const checkEnvelope = checker(Envelope);
/**
 * An image record with the spec's squarespaceSize: which of the image's sizes was served, the variant
 * its URL's `format` names ("750w", docs/media.md) or "original". Made here from the URL the browser
 * sent rather than in the browser, whose page-speed script has no bytes to spare.
 */
function withServedSize<R extends { data: Record<string, unknown> }>(record: R): R {
  if (typeof record.data.squarespaceSize === 'string') return record;
  const size = /[?&]format=(\d+w)(&|$)/.exec(String(record.data.url))?.[1] ?? 'original';
  return { ...record, data: { ...record.data, squarespaceSize: size } };
}

const checkData = { pageSpeed: checker(PageSpeedData), image: checker(ImageData) };

type PageSpeed = Static<typeof PageSpeedData>;

/** At most this many records per send: a page's page-speed record and its image records. */
const MAX_RECORDS = 200;
const LIMIT = 256 * 1024;

export async function performancePlugin(app: FastifyInstance): Promise<void> {
  const { ingest } = app;

  app.get('/api/1/performance/settings', async (request, reply) => {
    const site = await ingest.site(request);
    if (!site || !pageSpeedEnabled(site.snapshot)) return ingest.notFound(reply);
    return reply.header('cache-control', 'no-store').send({ pageLoadId: newId() });
  });

  app.post('/api/1/performance/records', ingest.route('performance-records', LIMIT, 'beacon'), async (request, reply) => {
    const endpoint = 'performance-records';
    if (!(await ingest.admit(request, reply))) return reply;
    const site = await ingest.site(request);
    if (!site) return ingest.notFound(reply);
    // Beacons send text/plain; a JSON body is taken too.
    const json = hasType(request, 'text/plain')
      ? parseJson(request.body, 'records')
      : hasType(request, 'application/json')
        ? { ok: true as const, value: request.body }
        : undefined;
    if (!json) return ingest.wrongType(reply, site, endpoint, 'text/plain');
    if (!json.ok) return ingest.refuse(reply, site, endpoint, json);
    const records = json.value;
    if (!Array.isArray(records) || records.length === 0 || records.length > MAX_RECORDS) {
      return ingest.refuse(reply, site, endpoint, rejected('records', `Expected a JSON array of 1 to ${MAX_RECORDS} records`));
    }
    for (let i = 0; i < records.length; i++) {
      const envelope = checkEnvelope(records[i]);
      if (!envelope.ok) return ingest.refuse(reply, site, endpoint, under(`records.${i}`, envelope));
      const data = checkData[envelope.value.event](envelope.value.data);
      if (!data.ok) return ingest.refuse(reply, site, endpoint, under(`records.${i}.data`, data));
    }
    if (!ingest.room(reply, records.length)) return reply;
    if (ingest.isBot(request)) return ingest.leaveOutBot(reply, 202, site, endpoint);

    const now = ingest.clock();
    const userAgent = request.headers['user-agent'];
    // Image records carry no path: they belong to the page the beacon left from.
    const pagePath = (() => {
      const speed = records.find((r) => r.event === 'pageSpeed');
      if (speed) return pathOf((speed.data as PageSpeed).pathname);
      try {
        return pathOf(new URL(request.headers.referer ?? '').pathname);
      } catch {
        return '/';
      }
    })();
    return ingest.keep(
      reply,
      202,
      'performance_records',
      records.map((record) => {
        const timings = (record.data.timings ?? {}) as Record<string, number>;
        const speed = record.event === 'pageSpeed' ? (record.data as PageSpeed) : undefined;
        return {
          website_id: site.websiteId,
          day: site.day,
          received_on: now,
          page_load_id: record.pageLoadId,
          event: record.event,
          path: speed ? pathOf(speed.pathname) : pagePath,
          device: deviceOf(userAgent, speed?.display?.viewportWidth),
          lcp: speed ? (timings.largestContentfulPaint ?? null) : null,
          inp: speed ? (timings.interactionToNextPaint ?? null) : null,
          cls: speed ? (timings.cumulativeLayoutShift ?? null) : null,
          data: JSON.stringify(record.event === 'image' ? withServedSize(record) : record),
        };
      }),
    );
  });
}
