import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../clock.js';
import type { Store } from '../storage/dialect.js';
import { claimLease, ensureLease, releaseLease } from './leases.js';

/** What a run is told: the time its lease was taken (by the runner's clock). */
interface JobContext {
  readonly now: number;
}

export type JobRun = (context: JobContext) => Promise<unknown>;

export interface JobOptions {
  /**
   * How long one run may hold the job before another process may take it over, taking it for
   * dead (default DEFAULT_LEASE_MS). A run that takes longer still finishes, but may overlap a
   * run elsewhere: every job must stay right when that happens (they use guarded updates).
   */
  leaseMs?: number;
}

export interface JobRunnerOptions {
  store: Store;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** The time leases and intervals are measured by; tests move it instead of waiting. */
  clock?: Clock;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
/** Each process looks whether a job is due this often: a quarter of its interval, within these bounds. */
const MIN_POLL_MS = 1_000;
const MAX_POLL_MS = 60_000;

interface Job {
  readonly name: string;
  readonly intervalMs: number;
  readonly leaseMs: number;
  readonly pollMs: number;
  readonly run: JobRun;
  ensured: boolean;
  /** The attempt under way in this process (claim, run, release), if any. */
  running: Promise<boolean> | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Named periodic jobs, run by every server process on a timer but claimed through the store: a
 * lease row per job (migration 0007-job-leases) is taken with a compare-and-set update, so with
 * several processes on one store a job runs once per interval, in whichever process claims it
 * first. A job's failure is logged, never thrown: the job is due again at its next interval. A
 * process that dies mid-run leaves its lease to expire; then another process takes the job over.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly clock: Clock;
  private started = false;
  private closed = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** Registers a job, due at once and then every `intervalMs` (from the start of each run). */
  every(name: string, intervalMs: number, run: JobRun, options: JobOptions = {}): void {
    if (this.jobs.has(name)) throw new Error(`the job "${name}" is registered twice`);
    if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0) throw new Error(`the job "${name}" needs a positive interval`);
    const pollMs = Math.min(intervalMs, Math.max(MIN_POLL_MS, Math.min(MAX_POLL_MS, Math.floor(intervalMs / 4))));
    const job: Job = { name, intervalMs, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, pollMs, run, ensured: false, running: null, timer: null };
    this.jobs.set(name, job);
    if (this.started) this.schedule(job, 0);
  }

  /** Starts the timers: each job is tried at once, then every poll. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job, 0);
  }

  /**
   * Tries every job once, now: runs those that are due and whose lease this process takes.
   * Resolves with the names of the jobs it ran (tests call it instead of waiting for a timer).
   */
  async runDue(): Promise<string[]> {
    const ran = await Promise.all([...this.jobs.values()].map(async (job) => ((await this.attempt(job)) ? job.name : null)));
    return ran.filter((name): name is string => name !== null);
  }

  /** Stops the timers and waits for the runs under way in this process; nothing runs after. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs.values()) {
      if (job.timer) clearTimeout(job.timer);
      job.timer = null;
    }
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  private schedule(job: Job, delayMs: number): void {
    if (this.closed) return;
    job.timer = setTimeout(() => {
      job.timer = null;
      void this.attempt(job).then(() => this.schedule(job, job.pollMs));
    }, delayMs);
    job.timer.unref();
  }

  /** One attempt at a job; false when it did not run (not due, held elsewhere, already running here, closed). */
  private attempt(job: Job): Promise<boolean> {
    if (this.closed || job.running) return Promise.resolve(false);
    const running = this.claimAndRun(job).finally(() => {
      job.running = null;
    });
    job.running = running;
    return running;
  }

  private async claimAndRun(job: Job): Promise<boolean> {
    const { store, log } = this.options;
    // A fresh id per run: a release names the run it ends, never a later run of the same process.
    const holder = randomBytes(12).toString('hex');
    let startedOn: number;
    try {
      if (!job.ensured) {
        await ensureLease(store.db, job.name);
        job.ensured = true;
      }
      startedOn = this.clock();
      if (!(await claimLease(store.db, job.name, holder, startedOn, job.leaseMs))) return false;
    } catch (error) {
      log.error({ err: error, job: job.name }, 'jobs: the lease could not be taken; the job is tried again at the next poll');
      return false;
    }
    let failure: string | null = null;
    try {
      await job.run({ now: startedOn });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: job.name }, 'jobs: the run failed; the job runs again at its next interval');
    }
    try {
      const released = await releaseLease(store.db, job.name, holder, { nextRunOn: startedOn + job.intervalMs, finishedOn: this.clock(), error: failure });
      if (!released) log.warn({ job: job.name }, 'jobs: the run outlived its lease and another process took the job over');
    } catch (error) {
      log.error({ err: error, job: job.name }, 'jobs: the lease could not be given back; it expires by itself');
    }
    return true;
  }
}
