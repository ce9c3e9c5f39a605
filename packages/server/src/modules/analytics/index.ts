import fp from 'fastify-plugin';
import { ingestPlugin } from './ingest.js';
import { analyticsPlugin } from './plugin.js';

export { hasType } from './ingest.js';
export { analyticsReport } from './report.js';
export { pathOf, addDays, deviceOf } from './request-info.js';

/** Visitor analytics: the ingestion queue (`app.ingest`, shared with page speed and client errors), census and events, roll-ups. */
export default fp(
  async (app) => {
    await app.register(ingestPlugin, { snapshots: app.renderer.snapshots, clock: app.deps.clock });
    await app.register(analyticsPlugin);
  },
  { name: 'analytics', dependencies: ['site'] },
);
