import type { CrumbExemption } from '../../http/crumb.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '../../storage/schema-analytics.js';
import { systemClock, type Clock } from '../../clock.js';
import { AppError, toAppError } from '../../errors.js';
import { EVERY_SITE, type RateLimit, RateLimiter } from '../../http/rate-limit.js';
import type { Store } from '../../storage/dialect.js';
import { normalizeHost, type SiteSnapshot, type SiteSnapshots } from '../site/index.js';
import type { AnalyticsConfig } from './config.js';
import { IngestQueue, type RawRows, type RawTable } from './queue.js';
import { dayIn } from '@tessera/core/zone';
import { isBotAgent } from './request-info.js';
import type { Rejected } from '../../http/validate.js';
import { writeBatch } from './writer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The measurement endpoints' shared parts: the batch queue, site lookup, limits, rejection counts. */
    ingest: Ingest;
  }
}

/** The site a measurement belongs to, and the day it is counted on (the server's time, the site's zone). */
interface IngestSite {
  readonly websiteId: string;
  readonly day: string;
  /** The request's host (lowercased, no port): referrers from it are the site's own pages. */
  readonly host: string;
  readonly snapshot: SiteSnapshot;
}

/** Whether the request's content type is `type` (parameters such as charset ignored). */
export function hasType(request: FastifyRequest, type: string): boolean {
  return (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase() === type;
}

class Ingest {
  readonly queue: IngestQueue;
  private readonly rejectedTotals = new Map<string, number>();
  /**
   * Requests per client address per minute, counted in this process (ANALYTICS_RATE_LIMIT is per
   * process): checked before every measurement is parsed, so it must cost no store write.
   */
  private readonly rate: RateLimit;
  private readonly limiter: RateLimiter;
  private rateLimited = 0;

  constructor(
    readonly config: AnalyticsConfig,
    private readonly snapshots: SiteSnapshots,
    store: Store,
    log: FastifyBaseLogger,
    /** The time measurements are received at and counted by (their day, the rate limit's window). */
    readonly clock: Clock = systemClock,
  ) {
    this.rate = { name: 'analytics:address', limit: config.rateLimitPerMinute, windowMs: 60_000, counted: 'process' };
    this.limiter = new RateLimiter(store.db, clock);
    this.queue = new IngestQueue(
      (batch) => writeBatch(store, batch, this.clock()),
      config,
      (error, rows) => log.error({ err: error, rows }, 'analytics: a batch could not be written; its requests answered 503'),
    );
  }

  async site(request: FastifyRequest): Promise<IngestSite | undefined> {
    const host = normalizeHost(request.host);
    const snapshot = await this.snapshots.forHost(host);
    if (!snapshot) return undefined;
    return { websiteId: snapshot.website.id, day: dayIn(snapshot.timeZone, this.clock()), host, snapshot };
  }

  /**
   * The checks before any parsing: the client's rate (429 with Retry-After) and room in the queue
   * (503 with Retry-After). Answers and returns false when the request is turned away.
   */
  async admit(request: FastifyRequest, reply: FastifyReply, rows = 1): Promise<boolean> {
    // 0: no limit (a rule allowing nothing would refuse every request).
    if (this.rate.limit > 0) {
      const { allowed, retryAfterSeconds } = await this.limiter.hit(EVERY_SITE, [{ rule: this.rate, subject: request.ip }]);
      if (!allowed) {
        this.rateLimited++;
        reply.status(429).header('retry-after', String(retryAfterSeconds)).send(new AppError('RATE_LIMITED').body());
        return false;
      }
    }
    return this.room(reply, rows);
  }

  /** Whether the queue has room for `rows` more rows; answers 503 with Retry-After when it has not. */
  room(reply: FastifyReply, rows: number): boolean {
    if (this.queue.hasRoom(rows)) return true;
    this.unavailable(reply);
    return false;
  }

  /**
   * Stores the request's rows and answers `status` { accepted } once they are committed; 503 with
   * Retry-After when their write failed (nothing was stored: the collector may send them again).
   */
  async keep<T extends RawTable>(reply: FastifyReply, status: 200 | 202, table: T, rows: RawRows[T]): Promise<FastifyReply> {
    try {
      await this.queue.push(table, rows);
    } catch {
      return this.unavailable(reply); // logged by the queue
    }
    return reply.status(status).send({ accepted: rows.length });
  }

  /** Whether the request comes from a bot (its user agent): its rows are left out, and counted. */
  isBot(request: FastifyRequest): boolean {
    return isBotAgent(request.headers['user-agent']);
  }

  /** A bot's call: nothing of it is stored; it is counted for the site and day, and answered { accepted: 0 } once counted. */
  async leaveOutBot(reply: FastifyReply, status: 200 | 202, site: IngestSite, endpoint: string): Promise<FastifyReply> {
    try {
      await this.queue.countBot(site.websiteId, site.day, endpoint);
    } catch {
      return this.unavailable(reply);
    }
    return reply.status(status).send({ accepted: 0 });
  }

  private unavailable(reply: FastifyReply): FastifyReply {
    return reply.status(503).header('retry-after', '1').send(new AppError('UNAVAILABLE').body());
  }

  /** Counts a rejected payload: per process at once, in the store with the next batch when the site is known. */
  count(site: IngestSite | undefined, endpoint: string, reason: string): void {
    const key = `${endpoint}\0${reason}`;
    this.rejectedTotals.set(key, (this.rejectedTotals.get(key) ?? 0) + 1);
    if (site) this.queue.countRejection(site.websiteId, site.day, endpoint, reason.slice(0, 200));
  }

  /** Answers 400 with what is wrong, and counts it. */
  refuse(reply: FastifyReply, site: IngestSite | undefined, endpoint: string, rejection: Rejected): FastifyReply {
    this.count(site, endpoint, rejection.reason);
    return reply.status(400).send(new AppError('VALIDATION_FAILED', undefined, rejection.errors).body());
  }

  /** 415: the body is not of the endpoint's content type (counted). */
  wrongType(reply: FastifyReply, site: IngestSite | undefined, endpoint: string, type: string): FastifyReply {
    this.count(site, endpoint, 'content_type');
    return reply.status(415).send(new AppError('UNSUPPORTED_MEDIA_TYPE', `This endpoint accepts ${type}.`).body());
  }

  /** 404: no site answers this host (an empty store). */
  notFound(reply: FastifyReply): FastifyReply {
    return reply.status(404).send(new AppError('NOT_FOUND').body());
  }

  /** This process's rejection counts, endpoint -> reason -> count, and the requests turned away by the rate limit. */
  rejected(): { byEndpoint: Record<string, Record<string, number>>; rateLimited: number } {
    const byEndpoint: Record<string, Record<string, number>> = {};
    for (const [key, count] of this.rejectedTotals) {
      const [endpoint, reason] = key.split('\0') as [string, string];
      (byEndpoint[endpoint] ??= {})[reason] = count;
    }
    return { byEndpoint, rateLimited: this.rateLimited };
  }

  /**
   * Route options of an ingestion endpoint: its body limit, and an onError hook that counts what
   * fails before the handler runs (a body too large, a content type not accepted, a body that does
   * not parse, a crumb that does not match).
   */
  route(endpoint: string, bodyLimit: number, crumbExempt?: CrumbExemption): RouteShorthandOptions {
    return {
      bodyLimit,
      // Visitor telemetry: it changes no page, and a locked site still records it (its pages are the lock screen's).
      config: { telemetry: true, openWhenLocked: true, ...(crumbExempt ? { crumbExempt } : {}) },
      onError: async (request, _reply, error) => {
        const appError = toAppError(error);
        if (appError.status >= 500) return;
        const reason =
          ({ PAYLOAD_TOO_LARGE: 'too_large', UNSUPPORTED_MEDIA_TYPE: 'content_type', CRUMB_FAIL: 'crumb' } as Record<string, string>)[appError.code] ?? 'body';
        this.count(await this.site(request).catch(() => undefined), endpoint, reason);
      },
    };
  }
}

export interface IngestPluginOptions {
  snapshots: SiteSnapshots;
  clock?: Clock;
}

/**
 * Decorates the app with the ingestion parts, once at the root, for the analytics, performance and
 * client-error modules. On close, after the requests in flight have been answered (each once its
 * rows were committed), what is left (rejection counts) is written; the store closes after this
 * hook (see app.ts).
 */
export const ingestPlugin = fp(
  async (app: FastifyInstance, opts: IngestPluginOptions) => {
    const ingest = new Ingest(app.config.analytics, opts.snapshots, app.store, app.log, opts.clock);
    app.decorate('ingest', ingest);
    app.addHook('onClose', async () => {
      const { queued } = ingest.queue.stats();
      try {
        await ingest.queue.close();
      } catch (error) {
        const { queued: lost } = ingest.queue.stats();
        app.log.error({ err: error, rows: lost }, 'analytics: the store did not take the queued rows before shutdown');
        return;
      }
      if (queued > 0) app.log.info({ rows: queued }, 'analytics: rows of the last requests written before shutdown');
    });
  },
  { name: 'tessera-ingest' },
);
