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
  /**
   * Every process runs the job, on its own timer, without a lease: for work that claims its own
   * rows (the mail outbox: each message is taken by a guarded update), where several processes
   * sharing the work is the point, and where a process that has just written work must be able to
   * run the job at once (`runNow`) rather than wait for another process's lease.
   */
  everyProcess?: boolean;
}

/** A registered job, as the module that owns it sees it. */
export interface ScheduledJob {
  readonly name: string;
  /**
   * Tries the job now rather than at its next poll (new work was committed): a job of every
   * process runs at once; a leased one runs if it is due and its lease is free. Asked again while
   * a run is going here, it runs once more after that run, however often it was asked. False once
   * the runner is closed: nothing runs after close.
   */
  runNow(): boolean;
  /** Resolves when no run of the job is going or asked for in this process (tests wait on it). */
  idle(): Promise<void>;
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
  readonly everyProcess: boolean;
  readonly pollMs: number;
  readonly run: JobRun;
  ensured: boolean;
  /** The attempt under way in this process (claim, run, release), if any. */
  running: Promise<boolean> | null;
  /** runNow was called during the attempt under way: one more follows it. */
  again: boolean;
  timer: NodeJS.Timeout | null;
}

/**
 * Named periodic jobs, run by every server process on a timer but claimed through the store: a
 * lease row per job (migration 0007-job-leases) is taken with a compare-and-set update, so with
 * several processes on one store a job runs once per interval, in whichever process claims it
 * first. A job's failure is logged, never thrown: the job is due again at its next interval. A
 * process that dies mid-run leaves its lease to expire; then another process takes the job over.
 * A job registered `everyProcess` takes no lease: each process runs it at every interval.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly clock: Clock;
  private started = false;
  private closed = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /**
   * Registers a job, due at once and then every `intervalMs` (from the start of each run; for a job
   * of every process, from the end of its last run here).
   */
  every(name: string, intervalMs: number, run: JobRun, options: JobOptions = {}): ScheduledJob {
    if (this.jobs.has(name)) throw new Error(`the job "${name}" is registered twice`);
    if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0) throw new Error(`the job "${name}" needs a positive interval`);
    const everyProcess = options.everyProcess === true;
    // A leased job is looked at more often than it runs, so that it runs soon after it falls due
    // whichever process ran it last; a job of every process just runs at its interval.
    const pollMs = everyProcess ? intervalMs : Math.min(intervalMs, Math.max(MIN_POLL_MS, Math.min(MAX_POLL_MS, Math.floor(intervalMs / 4))));
    const job: Job = {
      name,
      intervalMs,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      everyProcess,
      pollMs,
      run,
      ensured: false,
      running: null,
      again: false,
      timer: null,
    };
    this.jobs.set(name, job);
    if (this.started) this.tick(job);
    return { name, runNow: () => this.runNow(job), idle: () => this.idle(job) };
  }

  /** Starts the timers: each job is tried at once (its attempt under way when this returns), then every poll. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    for (const job of this.jobs.values()) this.tick(job);
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

  private runNow(job: Job): boolean {
    if (this.closed) return false;
    if (job.running) job.again = true;
    else this.tick(job);
    return true;
  }

  private async idle(job: Job): Promise<void> {
    while (job.running) await job.running;
  }

  /** An attempt now, then the next one a poll after it ends (on the timers, once started). */
  private tick(job: Job): void {
    void this.attempt(job).then(() => {
      if (this.started) this.schedule(job, job.pollMs);
    });
  }

  private schedule(job: Job, delayMs: number): void {
    // One timer per job: an attempt made by runNow moves the next poll rather than adding one.
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    if (this.closed) return;
    job.timer = setTimeout(() => {
      job.timer = null;
      this.tick(job);
    }, delayMs);
    job.timer.unref();
  }

  /**
   * One attempt at a job, and one more each time runNow asked during it; false when it did not
   * run (not due, held elsewhere, already running here, closed).
   */
  private attempt(job: Job): Promise<boolean> {
    if (this.closed || job.running) return Promise.resolve(false);
    const running = (async () => {
      let ran = false;
      do {
        job.again = false;
        if (await (job.everyProcess ? this.runHere(job) : this.claimAndRun(job))) ran = true;
      } while (job.again && !this.closed);
      return ran;
    })().finally(() => {
      job.running = null;
    });
    job.running = running;
    return running;
  }

  /** A run of a job of every process: no lease to take or give back. */
  private async runHere(job: Job): Promise<boolean> {
    try {
      await job.run({ now: this.clock() });
    } catch (error) {
      this.options.log.error({ err: error, job: job.name }, 'jobs: the run failed; the job runs again at its next interval');
    }
    return true;
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
