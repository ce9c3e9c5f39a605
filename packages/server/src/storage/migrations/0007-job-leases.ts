import type { Kysely } from 'kysely';
import type { MigrationFactory } from './types.js';

/**
 * The job runner's leases (jobs/runner.ts): one row per named background job, shared by every
 * server process on the store. A process runs a job only after taking its row with a
 * compare-and-set update, so a job runs once per interval however many processes serve.
 *
 * The rows belong to the server, not to a site: a job (expiring order holds, the analytics
 * roll-up) works across every site of the store, so this table alone has no `website_id`.
 */
export const jobLeases: MigrationFactory = ({ bigint }) => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      // The claim that holds the lease (a random id per run); null between runs.
      .addColumn('holder', 'text')
      // A lease not given back by then (its process died mid-run) may be taken by another process.
      .addColumn('lease_expires_on', bigint, (c) => c.notNull())
      // The job is due again from then: the start of its last run plus its interval.
      .addColumn('next_run_on', bigint, (c) => c.notNull())
      .addColumn('started_on', bigint)
      .addColumn('finished_on', bigint)
      // The last run's failure, for whoever looks at the table; null once a run succeeds.
      .addColumn('last_error', 'text')
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('job_leases').execute();
  },
});
