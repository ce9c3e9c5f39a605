import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Store } from '../storage/dialect.js';
import { JobRunner } from './runner.js';

export { JobRunner, type ScheduledJob } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs of this process (expiring order holds, the analytics roll-up): `app.jobs.every(...)`. */
    jobs: JobRunner;
  }
}

/** What a deployment (or a test) may set about background jobs. */
export interface JobsSetup {
  /** Run jobs on timers once the app is ready (default true); tests turn them off and call `app.jobs.runDue()`. */
  readonly timers?: boolean;
}

/**
 * The one job runner of the app, decorated at the root before the modules that register jobs.
 * Its timers start when the app is ready; on close it stops them and waits for a run under way
 * (preClose: before the store closes).
 */
export function registerJobs(app: FastifyInstance, deps: { store: Store; clock: Clock }, setup: JobsSetup = {}): JobRunner {
  const runner = new JobRunner({ store: deps.store, clock: deps.clock, log: app.log });
  app.decorate('jobs', runner);
  if (setup.timers !== false) app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => runner.close());
  return runner;
}
