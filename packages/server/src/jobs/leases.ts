import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type {} from '../storage/schema-jobs.js';

/**
 * The job leases (migration 0007-job-leases), one query per function. Every change is a single
 * guarded UPDATE, so it is atomic on both dialects: on PostgreSQL a second process's update waits
 * for the first's row lock and then checks its condition again on the committed row; on SQLite the
 * write lock makes the two run one after the other.
 */

/** Makes the job's row, due at once, when no process made it yet. */
export async function ensureLease(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .insertInto('job_leases')
    .values({ name, holder: null, lease_expires_on: 0, next_run_on: 0, started_on: null, finished_on: null, last_error: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes the job's lease for one run: only when the job is due and no live lease holds it (none
 * taken, or one whose process died without giving it back). True when this claim got it.
 */
export async function claimLease(db: Kysely<Database>, name: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ holder, lease_expires_on: now + leaseMs, started_on: now })
    .where('name', '=', name)
    .where('next_run_on', '<=', now)
    .where('lease_expires_on', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives the lease back after a run and sets when the job is due again. Guarded by the holder: a
 * run that outlived its lease (another process took the job over) changes nothing. False then.
 */
export async function releaseLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  release: { nextRunOn: number; finishedOn: number; error: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ holder: null, lease_expires_on: 0, next_run_on: release.nextRunOn, finished_on: release.finishedOn, last_error: release.error })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
