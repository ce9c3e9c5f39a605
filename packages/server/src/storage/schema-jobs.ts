/**
 * The table of migration 0007-job-leases (jobs/runner.ts), added to the store's `Database` by
 * declaration merging (as schema-forms.ts does). Server-wide: no `website_id`.
 */
interface JobLeasesTable {
  name: string;
  holder: string | null;
  lease_expires_on: number;
  next_run_on: number;
  started_on: number | null;
  finished_on: number | null;
  last_error: string | null;
}

interface JobTables {
  job_leases: JobLeasesTable;
}

declare module './schema.js' {
  interface Database extends JobTables {}
}

export {};
