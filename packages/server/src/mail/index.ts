import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
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

/**
 * The mail of every module: `send()` renders a kind's template and writes the message to the
 * outbox in the caller's transaction (so the mail exists exactly when the work it reports was
 * committed); `kick()` after the commit starts delivery at once instead of at the next poll.
 */
export class Mailer {
  readonly sender: OutboxSender;
  private readonly deferred = new Set<Promise<void>>();
  private deferredCount = 0;

  constructor(
    db: Kysely<Database>,
    transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    private readonly defaultFrom: string,
    senderOptions: Partial<SenderOptions> = {},
  ) {
    this.sender = new OutboxSender(db, transport, log, clock, senderOptions);
  }

  async send<K extends MailKind>(db: Kysely<Database> | Transaction<Database>, mail: SendMail<K>): Promise<string> {
    const content = renderMail(mail.kind, mail.input, mail.site);
    return insertOutbox(db, {
      ...content,
      subject: headerSafe(content.subject),
      websiteId: mail.websiteId,
      kind: mail.kind,
      from: headerSafe(mail.from || this.defaultFrom),
      to: headerSafe(mail.to),
      replyTo: mail.replyTo ? headerSafe(mail.replyTo) : null,
      dueOn: mail.dueOn,
    }, this.clock());
  }

  kick(): void {
    this.sender.kick();
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

  start(): void {
    this.sender.start();
  }

  async stop(): Promise<void> {
    await this.settleDeferred();
    return this.sender.stop();
  }

  deliverDue(): Promise<DeliveryReport> {
    return this.sender.deliverDue();
  }

  /** Resolves when no deferred task and no delivery run is going (tests wait on it instead of sleeping). */
  async idle(): Promise<void> {
    await this.settleDeferred();
    return this.sender.idle();
  }

  private async settleDeferred(): Promise<void> {
    while (this.deferred.size > 0) await Promise.all([...this.deferred]);
  }
}

/** `SMTP_URL` set: SMTP; otherwise the outbox, and a line in the log saying that a message waits there. */
export function createMailer(
  opts: { db: Kysely<Database>; smtpUrl: string; log: FastifyBaseLogger; clock: Clock; defaultFrom: string },
  setup: MailSetup = {},
): Mailer {
  const transport = setup.transport ?? (opts.smtpUrl ? smtpTransport(opts.smtpUrl) : logTransport(opts.log));
  return new Mailer(opts.db, transport, opts.log, opts.clock, setup.defaultFrom ?? opts.defaultFrom, setup.sender);
}
