import { afterEach, describe, expect, it } from 'vitest';
import { JobRunner, type JobRunnerOptions } from '../../src/jobs/runner.js';
import { openStore, type Store } from '../../src/storage/dialect.js';
import { TestClock } from '../commerce/helpers.js';
import { DIALECTS, freshDatabaseUrl } from '../helpers/store.js';

const MINUTE = 60_000;

/** A gate a job waits at until the test opens it, and a signal that the job reached it. */
function gate() {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return {
    open,
    arrived,
    wait: () => {
      reached();
      return opened;
    },
  };
}

/** What a runner logged, by level. */
function recordingLog() {
  const lines: { level: 'error' | 'warn'; message: string }[] = [];
  const log = {
    error: (_obj: unknown, message: string) => lines.push({ level: 'error', message }),
    warn: (_obj: unknown, message: string) => lines.push({ level: 'warn', message }),
  } as unknown as JobRunnerOptions['log'];
  return { log, lines };
}

/** The next turn of the event loop: whatever was going to settle by then has. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe.each(DIALECTS)('the job runner on %s', (dialect) => {
  // Two stores on one database: two server processes, each with its own connection.
  let stores: Store[] = [];
  let drop: () => Promise<void> = async () => undefined;
  async function twoProcesses() {
    const database = await freshDatabaseUrl(dialect);
    drop = database.drop;
    stores = [await openStore(database.url), await openStore(database.url)];
    return stores as [Store, Store];
  }
  afterEach(async () => {
    for (const s of stores) await s.close();
    stores = [];
    await drop();
  });

  it('runs a job once per interval when two processes share the store', async () => {
    const [one, two] = await twoProcesses();
    const clock = new TestClock();
    let runs = 0;
    const runners = [one, two].map((store) => new JobRunner({ store, clock: clock.fn, log: recordingLog().log }));
    for (const r of runners) r.every('count', 10 * MINUTE, async () => void runs++);
    const all = async () => (await Promise.all([...runners, ...runners].map((r) => r.runDue()))).flat();

    expect(await all()).toEqual(['count']);
    expect(runs).toBe(1);
    clock.advance(10 * MINUTE - 1);
    expect(await all()).toEqual([]);
    clock.advance(1);
    expect(await all()).toEqual(['count']);
    expect(runs).toBe(2);
    const row = await one.db.selectFrom('job_leases').selectAll().where('name', '=', 'count').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: null, next_run_on: clock.now + 10 * MINUTE, started_on: clock.now, last_error: null });
  });

  it('takes over the lease of a run whose process died, once the lease expires', async () => {
    const [one, two] = await twoProcesses();
    const clock = new TestClock();
    const first = recordingLog();
    const dying = new JobRunner({ store: one, clock: clock.fn, log: first.log });
    const other = new JobRunner({ store: two, clock: clock.fn, log: recordingLog().log });
    const stuck = gate();
    dying.every('sweep', MINUTE, () => stuck.wait(), { leaseMs: 5 * MINUTE });
    let taken = 0;
    other.every('sweep', MINUTE, async () => void taken++, { leaseMs: 5 * MINUTE });

    const hung = dying.runDue();
    await stuck.arrived;
    // The lease is held: the job is due, but nobody else runs it while the lease lives.
    clock.advance(5 * MINUTE - 1);
    expect(await other.runDue()).toEqual([]);
    clock.advance(1);
    expect(await other.runDue()).toEqual(['sweep']);
    expect(taken).toBe(1);
    const takenOn = clock.now;

    // The first run ends after all: its release finds the lease another's and changes nothing.
    stuck.open();
    expect(await hung).toEqual(['sweep']);
    expect(first.lines).toEqual([{ level: 'warn', message: 'jobs: the run outlived its lease and another process took the job over' }]);
    const row = await two.db.selectFrom('job_leases').select(['holder', 'next_run_on']).where('name', '=', 'sweep').executeTakeFirstOrThrow();
    expect(row).toEqual({ holder: null, next_run_on: takenOn + MINUTE });
  });

  it('logs a failing run without throwing, and runs the job again at its next interval', async () => {
    const [store] = await twoProcesses();
    const clock = new TestClock();
    const { log, lines } = recordingLog();
    const runner = new JobRunner({ store, clock: clock.fn, log });
    let attempts = 0;
    runner.every('flaky', MINUTE, async () => {
      attempts++;
      if (attempts === 1) throw new Error('the mail server is down');
    });
    expect(await runner.runDue()).toEqual(['flaky']);
    expect(lines).toEqual([{ level: 'error', message: 'jobs: the run failed; the job runs again at its next interval' }]);
    expect((await store.db.selectFrom('job_leases').select('last_error').executeTakeFirstOrThrow()).last_error).toBe('the mail server is down');
    expect(await runner.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await runner.runDue()).toEqual(['flaky']);
    expect(attempts).toBe(2);
    expect((await store.db.selectFrom('job_leases').select('last_error').executeTakeFirstOrThrow()).last_error).toBeNull();
  });

  it('waits on close for the run under way, and runs nothing after', async () => {
    const [store] = await twoProcesses();
    const clock = new TestClock();
    const runner = new JobRunner({ store, clock: clock.fn, log: recordingLog().log });
    const events: string[] = [];
    const slow = gate();
    runner.every('slow', MINUTE, async () => {
      events.push('run started');
      await slow.wait();
      events.push('run ended');
    });
    // start() tries each job at once, on its timer.
    runner.start();
    await slow.arrived;
    const closed = runner.close().then(() => events.push('closed'));
    await turn();
    await turn();
    expect(events).toEqual(['run started']);
    slow.open();
    await closed;
    expect(events).toEqual(['run started', 'run ended', 'closed']);
    clock.advance(MINUTE);
    expect(await runner.runDue()).toEqual([]);
    expect(events).toHaveLength(3);
  });
  it('runs a job of every process in each of them, without a lease: the work claims its own rows', async () => {
    const [one, two] = await twoProcesses();
    const clock = new TestClock();
    let runs = 0;
    const runners = [one, two].map((store) => new JobRunner({ store, clock: clock.fn, log: recordingLog().log }));
    for (const r of runners) r.every('outbox', MINUTE, async () => void runs++, { everyProcess: true });
    expect(await Promise.all(runners.map((r) => r.runDue()))).toEqual([['outbox'], ['outbox']]);
    // Nothing to wait for: no lease, no due time kept in the store.
    expect(await Promise.all(runners.map((r) => r.runDue()))).toEqual([['outbox'], ['outbox']]);
    expect(runs).toBe(4);
    expect(await one.db.selectFrom('job_leases').select('name').where('name', '=', 'outbox').execute()).toEqual([]);
  });

  it('runs a job when asked, once more after the run under way however often it was asked, and not after close', async () => {
    const [store] = await twoProcesses();
    const runner = new JobRunner({ store, clock: new TestClock().fn, log: recordingLog().log });
    let runs = 0;
    const held = gate();
    const job = runner.every(
      'outbox',
      MINUTE,
      async () => {
        if (++runs === 1) await held.wait();
      },
      { everyProcess: true },
    );
    // The timers were never started: asking is enough.
    expect(job.runNow()).toBe(true);
    await held.arrived;
    expect([job.runNow(), job.runNow(), job.runNow()]).toEqual([true, true, true]);
    held.open();
    await job.idle();
    expect(runs).toBe(2);
    await runner.close();
    expect(job.runNow()).toBe(false);
    await turn();
    expect(runs).toBe(2);
  });

  it("has each job's first attempt under way when start() returns", async () => {
    const [store] = await twoProcesses();
    const runner = new JobRunner({ store, clock: new TestClock().fn, log: recordingLog().log });
    let runs = 0;
    const job = runner.every('outbox', MINUTE, async () => void runs++, { everyProcess: true });
    runner.start();
    await job.idle();
    expect(runs).toBe(1);
    await runner.close();
  });

  it('logs a failing run of a job of every process, and runs it again when next asked', async () => {
    const [store] = await twoProcesses();
    const { log, lines } = recordingLog();
    const runner = new JobRunner({ store, clock: new TestClock().fn, log });
    let attempts = 0;
    const job = runner.every(
      'outbox',
      MINUTE,
      async () => {
        attempts++;
        if (attempts === 1) throw new Error('the outbox could not be read');
      },
      { everyProcess: true },
    );
    job.runNow();
    await job.idle();
    expect(lines).toEqual([{ level: 'error', message: 'jobs: the run failed; the job runs again at its next interval' }]);
    job.runNow();
    await job.idle();
    expect(attempts).toBe(2);
    expect(lines).toHaveLength(1);
  });
});
