import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { JobRunner, ScheduledJob } from '../jobs/index.js';
import type { Database } from '../storage/schema.js';
import type { MailSite } from './layout.js';
import { headerSafe } from './message.js';
import { insertOutbox } from './outbox.js';
import { OutboxSender, type DeliveryReport, type SenderOptions } from './sender.js';
import { renderMail, type MailKind, type MailKinds } from './templates/index.js';
import { logTransport, smtpTransport, type MailTransport } from './transport.js';

export type { MailTransport } from './transport.js';
export type { MailSite } from './layout.js';
export { registerMailTemplate, type MailKind, type MailKinds } from './templates/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: write to the outbox inside your transaction, then kick(). Decorated once at the root. */
    mail: Mailer;
  }
}

export interface MailSetup {
  /** Replaces the transport chosen from SMTP_URL (tests pass an SMTP transport to their own server). */
  readonly transport?: MailTransport;
  /** The From of mail whose site names none (`settings.mail.from`). */
  readonly defaultFrom?: string;
  readonly sender?: Partial<SenderOptions>;
}

export interface SendMail<K extends MailKind> {
  readonly websiteId: string;
  readonly kind: K;
  readonly to: string;
  readonly input: MailKinds[K];
  readonly site: MailSite;
  readonly from?: string | null;
  readonly replyTo?: string | null;
  /** Not before this time (epoch ms): the outbox holds the message until then (a review request's delay). Default: at once. */
  readonly dueOn?: number;
}

/** The job that delivers the outbox: in every process, every `pollMs` and whenever kicked. */
const MAIL_JOB = 'mail-outbox';

/**
 * The mail of every module: `send()` renders a kind's template and writes the message to the
 * outbox in the caller's transaction (so the mail exists exactly when the work it reports was
 * committed); `kick()` after the commit starts delivery at once instead of at the next poll.
 * Delivery runs as the `mail-outbox` job of the job runner, in every process (each message is
 * claimed by one of them), started with the runner and stopped on close.
 */
export class Mailer {
  readonly sender: OutboxSender;
  private readonly delivery: ScheduledJob;
  private readonly deferred = new Set<Promise<void>>();
  private deferredCount = 0;
  /** A kick came after the runner had closed: stop() looks at the outbox once more. */
  private missedKick = false;
  private stopped = false;

  constructor(
    db: Kysely<Database>,
    transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    private readonly defaultFrom: string,
    jobs: JobRunner,
    senderOptions: Partial<SenderOptions> = {},
  ) {
    this.sender = new OutboxSender(db, transport, log, clock, senderOptions);
    this.delivery = jobs.every(MAIL_JOB, this.sender.options.pollMs, () => this.sender.deliverDue(), { everyProcess: true });
  }

  async send<K extends MailKind>(db: Kysely<Database> | Transaction<Database>, mail: SendMail<K>): Promise<string> {
    const content = renderMail(mail.kind, mail.input, mail.site);
    return insertOutbox(
      db,
      {
        ...content,
        subject: headerSafe(content.subject),
        websiteId: mail.websiteId,
        kind: mail.kind,
        from: headerSafe(mail.from || this.defaultFrom),
        to: headerSafe(mail.to),
        replyTo: mail.replyTo ? headerSafe(mail.replyTo) : null,
        dueOn: mail.dueOn,
      },
      this.clock(),
    );
  }

  /** Look at the outbox now (new mail was committed); several kicks while a delivery runs make one more run. */
  kick(): void {
    if (this.stopped) return;
    if (!this.delivery.runNow()) this.missedKick = true;
  }

  /**
   * Runs `task` (which looks things up and writes mail with send()) once the request that asked
   * for it has been answered. A call whose answer must not depend on what the task finds (a
   * password reset for an address that may have no account) answers in the same time either way.
   * Failures are logged; stop() and idle() wait for tasks still running.
   */
  defer(task: () => Promise<void>): void {
    this.deferredCount++;
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, 'mail: a deferred mail could not be written'))
      .finally(() => this.deferred.delete(run));
    this.deferred.add(run);
  }

  /** How many tasks defer() was given since start (tests check that two requests asked for the same work). */
  get deferredTasks(): number {
    return this.deferredCount;
  }

  /**
   * Waits for the deferred tasks, then lets go of the transport. The runner stops its jobs before
   * the requests in flight have finished; mail that they (or the deferred tasks) wrote since is
   * delivered by one last look at the outbox here, as it would have been had the process stayed.
   */
  async stop(): Promise<void> {
    await this.settleDeferred();
    this.stopped = true;
    await this.delivery.idle();
    if (this.missedKick) {
      this.missedKick = false;
      await this.sender.deliverDue().catch((error: unknown) => this.log.error({ err: error }, 'mail: the outbox could not be read'));
    }
    this.sender.close();
  }

  deliverDue(): Promise<DeliveryReport> {
    return this.sender.deliverDue();
  }

  /** Resolves when no deferred task and no delivery run is going (tests wait on it instead of sleeping). */
  async idle(): Promise<void> {
    await this.settleDeferred();
    return this.delivery.idle();
  }

  private async settleDeferred(): Promise<void> {
    while (this.deferred.size > 0) await Promise.all([...this.deferred]);
  }
}

/** `SMTP_URL` set: SMTP; otherwise the outbox, and a line in the log saying that a message waits there. */
export function createMailer(
  opts: { db: Kysely<Database>; smtpUrl: string; log: FastifyBaseLogger; clock: Clock; defaultFrom: string; jobs: JobRunner },
  setup: MailSetup = {},
): Mailer {
  const transport = setup.transport ?? (opts.smtpUrl ? smtpTransport(opts.smtpUrl) : logTransport(opts.log));
  return new Mailer(opts.db, transport, opts.log, opts.clock, setup.defaultFrom ?? opts.defaultFrom, opts.jobs, setup.sender);
}
