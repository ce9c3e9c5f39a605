import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMailCommand } from '../../src/mail/cli.js';
import { retryDelayMs, SENDER_DEFAULTS } from '../../src/mail/sender.js';
import { DIALECTS } from '../helpers/store.js';
import { startSmtp, type TestSmtp } from './smtp.js';
import { LOOSE_LIMITS, OWNER, testClock, everyKindValues, formsSite, outbox, submission, submissionKey, submissions } from './helpers.js';

describe('retry back-off', () => {
  it('doubles from 30 seconds and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(1000)).toBe(3_600_000);
    expect(SENDER_DEFAULTS.maxAttempts).toBeGreaterThan(40);
  });
});

describe.each(DIALECTS)('the outbox on %s', (dialect) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });

  it('loses no submission while the mail server is down: stored at once, mailed with back-off once it is back', async () => {
    const site = await formsSite(dialect, { smtpUrl: smtp.url, setup: { forms: { limits: LOOSE_LIMITS } } });
    try {
      await smtp.stop();
      const before = smtp.messages.length;
      const res = await site.call('POST', '/api/form/SaveFormSubmission', submission('everything', await submissionKey(site), everyKindValues()));
      expect(res.statusCode).toBe(200);
      expect(await submissions(site.store, 'everything')).toHaveLength(1);
      await site.app.mail.idle();
      let [row] = await outbox(site.store);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, recipient: OWNER, next_attempt_on: site.clock() + 30_000 });
      expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);

      // Not due yet: nothing is tried before the back-off has passed.
      expect(await site.app.mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
      site.clock.advance(30_000);
      expect(await site.app.mail.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
      [row] = await outbox(site.store);
      expect(row).toMatchObject({ status: 'pending', attempts: 2, next_attempt_on: site.clock() + 60_000 });

      await smtp.start();
      site.clock.advance(60_000);
      expect(await site.app.mail.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.subject).toBe('New submission: Everything (Fixture Shop)');
      expect(mail!.text).toContain('Name: Ada Lovelace');
      [row] = await outbox(site.store);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, transport: 'smtp', last_error: null });
      // Sent once: a later look at the outbox sends nothing again.
      site.clock.advance(3_600_000);
      expect(await site.app.mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.messages.length).toBe(before + 1);
    } finally {
      await site.close();
      await smtp.start().catch(() => undefined);
    }
  });

  it("delivers on the job runner: a retry that fell due goes out at the mail-outbox job's next run, which takes no lease", async () => {
    const site = await formsSite(dialect, { smtpUrl: smtp.url, setup: { forms: { limits: LOOSE_LIMITS } } });
    try {
      await smtp.stop();
      const before = smtp.messages.length;
      await site.call('POST', '/api/form/SaveFormSubmission', submission('everything', await submissionKey(site), everyKindValues()));
      await site.app.mail.idle();
      expect((await outbox(site.store))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await smtp.start();
      // Not due yet: the job runs and sends nothing.
      expect(await site.app.jobs.runDue()).toContain('mail-outbox');
      expect((await outbox(site.store))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      site.clock.advance(30_000);
      expect(await site.app.jobs.runDue()).toContain('mail-outbox');
      expect((await outbox(site.store))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      await smtp.waitFor(before + 1);
      // Every process runs it: no lease row holds it back in another.
      expect(await site.store.db.selectFrom('job_leases').select('name').where('name', '=', 'mail-outbox').execute()).toEqual([]);
    } finally {
      await site.close();
      await smtp.start().catch(() => undefined);
    }
  });

  it('sends mail written after the runner stopped (by requests that finish during shutdown) before the transport closes', async () => {
    const site = await formsSite(dialect, { smtpUrl: smtp.url, setup: { forms: { limits: LOOSE_LIMITS } } });
    const before = smtp.messages.length;
    const key = await submissionKey(site);
    // Closing stops the runner first (preClose), while requests in flight still finish.
    await site.app.jobs.close();
    expect((await site.call('POST', '/api/form/SaveFormSubmission', submission('everything', key, everyKindValues()))).statusCode).toBe(200);
    expect((await outbox(site.store))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await site.close();
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('delivers what an earlier process left pending as soon as the next one starts', async () => {
    const first = await formsSite(dialect, { smtpUrl: 'smtp://127.0.0.1:1', setup: { forms: { limits: LOOSE_LIMITS } } });
    const before = smtp.messages.length;
    try {
      await first.call('POST', '/api/form/SaveFormSubmission', submission('everything', await submissionKey(first), everyKindValues()));
      await first.app.mail.idle();
      expect((await outbox(first.store))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      await first.app.close();
      // A new process on the same store, its clock past the back-off, with the mail server up:
      // starting is enough, no submission and no call of the test's.
      const clock = testClock();
      clock.advance(60_000);
      const second = await formsSite(dialect, { store: first.store, smtpUrl: smtp.url, clock });
      await second.app.mail.idle();
      try {
        await smtp.waitFor(before + 1);
        expect((await outbox(second.store))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        await second.close();
      }
    } finally {
      await first.store.close();
    }
  });

  it('gives up after the last attempt, keeps the message, and `tessera mail retry` queues it again', async () => {
    const site = await formsSite(dialect, {
      smtpUrl: 'smtp://127.0.0.1:1',
      setup: { forms: { limits: LOOSE_LIMITS }, mail: { sender: { maxAttempts: 2 } } },
    });
    try {
      await site.call('POST', '/api/form/SaveFormSubmission', submission('everything', await submissionKey(site), everyKindValues()));
      await site.app.mail.idle();
      site.clock.advance(30_000);
      expect(await site.app.mail.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect((await outbox(site.store))[0]).toMatchObject({ status: 'failed', attempts: 2 });
      expect(await runMailCommand(site.store, ['list', '--status', 'failed'])).toContain(`failed\t2 attempts\tform-submission\t${OWNER}`);
      expect(await runMailCommand(site.store, ['retry'], site.clock())).toBe('1 message queued again.\n');
      expect((await outbox(site.store))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await site.close();
    }
  });

  it('keeps mail in the outbox when no SMTP_URL is set, and logs that it waits there without its text', async () => {
    const lines: string[] = [];
    const logger = { level: 'info', stream: { write: (l: string) => void lines.push(l) } };
    const site = await formsSite(dialect, { setup: { forms: { limits: LOOSE_LIMITS } } });
    await site.app.close();
    // The same store, served by an app with a logger to read and no SMTP_URL (config default).
    const { buildApp } = await import('../../src/app.js');
    const { testConfig } = await import('../helpers/app.js');
    const app = await buildApp(testConfig(), { store: site.store, logger, clock: site.clock });
    try {
      await app.ready();
      const { HOST, CRUMB } = await import('./helpers.js');
      const headers = { host: HOST, cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB };
      const key = (await app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', headers })).json().data.key;
      const res = await app.inject({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: submission('everything', key, everyKindValues()),
      });
      expect(res.statusCode).toBe(200);
      await app.mail.idle();
      expect((await outbox(site.store))[0]).toMatchObject({ status: 'sent', transport: 'log', recipient: OWNER });
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.mail);
      const row = (await outbox(site.store))[0]!;
      expect(logged.mail).toEqual({ id: row.id, kind: 'form-submission', toDomain: OWNER.split('@')[1], subject: 'New submission: Everything (Fixture Shop)' });
      expect(lines.join('')).not.toContain('ada@example.com');
    } finally {
      await app.close();
      await site.store.close();
    }
  });
});
