import type { FastifyInstance } from 'fastify';
import { censusRoutes } from './census-routes.js';
import { eventRoutes } from './event-routes.js';
import { runRollup } from './rollup.js';

/**
 * The analytics module: page views, census calls and visitor events in; daily roll-ups
 * and retention by a job on the job runner, every `rollupIntervalMs` in one of the serving
 * processes (idempotent all the same), and on demand (`tessera analytics rollup`).
 */
export async function analyticsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(censusRoutes);
  await app.register(eventRoutes);

  const { rollupIntervalMs, retentionDays } = app.config.analytics;
  // On the job runner: with several processes, one of them rolls up per interval.
  if (rollupIntervalMs > 0) {
    app.jobs.every('analytics-rollup', rollupIntervalMs, async () => {
      const r = await runRollup(app.store.db, { retentionDays, clock: app.ingest.clock });
      if (r.days > 0) app.log.info(r, 'analytics: roll-up');
    });
  }
}
