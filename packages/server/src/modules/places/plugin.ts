import { parseJsonText } from '../../http/json.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { RateLimiter, type RateLimit, visitorSubject } from '../../http/rate-limit.js';
import { isObject } from '../../site-dir/checker.js';
import type { CommerceDeps } from '../commerce/index.js';
import type { PlacesProvider } from './provider.js';

export type { PlacesProvider } from './provider.js';

/** Lookups per client address: a typing visitor asks often, a scraper is stopped. */
const PLACES_LIMIT: RateLimit = { name: 'places:address', limit: 120, windowMs: 60_000 };

const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : null);

/**
 * The tracking context a details call must carry: `trackingContext[productPage]` and
 * `trackingContext[productSection]` in the query (or `trackingContext` as JSON text).
 */
function trackingContextOf(raw: unknown): { productPage: string | null; productSection: string | null } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = parseJsonText(raw);
    } catch {
      value = null;
    }
  }
  const obj = isObject(value) ? value : {};
  return { productPage: str(obj.productPage, 200), productSection: str(obj.productSection, 200) };
}

/**
 * Address lookups:
 *   GET /api/google-maps/places/autocomplete?input=&sessionToken=&country=   -> { predictions }
 *   GET /api/google-maps/places/details?placeId=&sessionToken=&trackingContext[productPage]=&trackingContext[productSection]=
 *       -> { place }; 400 VALIDATION_FAILED without the tracking context's productPage and productSection
 * With no provider configured, both answer 501 PLACES_UNAVAILABLE (after the request is checked).
 */
export const placesPlugin = fp(
  async (app: FastifyInstance, opts: { commerce: CommerceDeps; provider?: PlacesProvider | null }) => {
    const { renderer, store, clock } = opts.commerce;
    const provider = opts.provider ?? null;
    const limiter = new RateLimiter(store.db, clock);

    const ready = async (request: Parameters<typeof renderer.snapshotFor>[0]) => {
      const s = request.site;
      if (!provider) throw new AppError('PLACES_UNAVAILABLE');
      await limiter.enforce(s.website.id, [{ rule: PLACES_LIMIT, subject: visitorSubject(request) }]);
      return { s, provider, language: renderer.pageRequest(request, s).language ?? s.language };
    };
    const ask = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch {
        throw new AppError('PLACES_FAILED');
      }
    };

    app.get('/api/google-maps/places/autocomplete', async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const input = str(q.input, 200);
      if (!input) throw new AppError('VALIDATION_FAILED', undefined, { input: 'Required' });
      const { provider: p, language } = await ready(request);
      const country = typeof q.country === 'string' && /^[A-Za-z]{2}$/.test(q.country) ? q.country.toUpperCase() : null;
      const predictions = await ask(() => p.autocomplete({ input, sessionToken: str(q.sessionToken, 100), language, country }));
      return reply.header('cache-control', 'no-store').send({ predictions });
    });

    app.get('/api/google-maps/places/details', async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const errors: Record<string, string> = {};
      const placeId = str(q.placeId, 300);
      if (!placeId) errors.placeId = 'Required';
      const tracking = trackingContextOf(q.trackingContext);
      if (!tracking.productPage) errors['trackingContext.productPage'] = 'Required';
      if (!tracking.productSection) errors['trackingContext.productSection'] = 'Required';
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
      const { provider: p, language } = await ready(request);
      const place = await ask(() => p.details({ placeId: placeId!, sessionToken: str(q.sessionToken, 100), language }));
      if (!place) throw new AppError('NOT_FOUND');
      return reply.header('cache-control', 'no-store').send({ place });
    });
  },
  { name: 'tessera-places' },
);
