import type { FastifyInstance } from 'fastify';
import { censusRoutes } from './census-routes.js';
import { eventRoutes } from './event-routes.js';
import { runRollup } from './rollup.js';

export { ingestPlugin, type Ingest } from './ingest.js';
export { runRollup, applyRetention, rollupDay, computeDay } from './rollup.js';
export { analyticsReport, type AnalyticsReport } from './report.js';

/**
 * The analytics module (issue 8): page views, census calls and visitor events in; daily roll-ups
 * and retention by a job that runs every `rollupIntervalMs` in each serving process (idempotent, so
 * several processes may run it) and on demand (`tessera analytics rollup`).
 */
export async function analyticsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(censusRoutes);
  await app.register(eventRoutes);

  const { rollupIntervalMs, retentionDays } = app.config.analytics;
  if (rollupIntervalMs > 0) {
    let running: Promise<unknown> | undefined;
    const run = () => {
      if (running) return;
      running = runRollup(app.store.db, { retentionDays })
        .then((r) => r.days > 0 && app.log.info(r, 'analytics: roll-up'))
        .catch((error) => app.log.error({ err: error }, 'analytics: the roll-up failed; it runs again at the next interval'))
        .finally(() => (running = undefined));
    };
    const timer = setInterval(run, rollupIntervalMs);
    timer.unref();
    // preClose: the job stops before the requests in flight end and the queue's last write.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}
