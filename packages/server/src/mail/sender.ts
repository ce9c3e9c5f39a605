import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../storage/schema.js';
import { claimDue, markAttemptFailed, markSent, toMessage } from './outbox.js';
import type { MailTransport } from './transport.js';

export interface SenderOptions {
  /** How often the outbox is looked at for messages that became due (retries, other processes' mail). */
  readonly pollMs: number;
  readonly batchSize: number;
  /** How long a claimed message is this process's before another may take it. */
  readonly claimMs: number;
  /** The first retry waits this long; each further one twice as long, up to retryMaxMs. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** After this many failed attempts the message is marked `failed` (kept; `tessera mail retry` requeues it). */
  readonly maxAttempts: number;
}

export const SENDER_DEFAULTS: SenderOptions = Object.freeze({
  pollMs: 15_000,
  batchSize: 20,
  claimMs: 120_000,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  // 30 s, 1, 2, 4, ... minutes, then hourly: about two days of attempts.
  maxAttempts: 55,
});

/** The wait before the attempt after `attempts` failed ones: exponential, capped. */
export function retryDelayMs(attempts: number, options: Pick<SenderOptions, 'retryBaseMs' | 'retryMaxMs'> = SENDER_DEFAULTS): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Delivers the outbox. Messages are written to the store first (by whoever has mail to send, in
 * their own transaction); the sender then takes the due ones, hands each to the transport and
 * records the outcome. A failed send stays pending with a later due time, so nothing is lost:
 * not when the mail server is down, not when the process restarts. When it looks is the job
 * runner's business (the Mailer registers `deliverDue` as the `mail-outbox` job).
 */
export class OutboxSender {
  readonly options: SenderOptions;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    options: Partial<SenderOptions> = {},
  ) {
    this.options = { ...SENDER_DEFAULTS, ...options };
  }

  get transportName(): string {
    return this.transport.name;
  }

  /** Lets go of the transport's connections (at shutdown, after the last delivery). */
  close(): void {
    this.transport.close?.();
  }

  /** Delivers every message due now (by the injected clock); callable directly by tests and the CLI. */
  async deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const now = this.clock();
      const batch = await claimDue(this.db, now, this.options.batchSize, this.options.claimMs);
      for (const row of batch) {
        try {
          await this.transport.send(toMessage(row));
          await markSent(this.db, row.id, this.clock(), this.transport.name);
          report.sent++;
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          const giveUp = attempts >= this.options.maxAttempts;
          const next = giveUp ? null : this.clock() + retryDelayMs(attempts, this.options);
          await markAttemptFailed(this.db, row.id, message, next);
          if (giveUp) {
            report.failed++;
            this.log.error({ mailId: row.id, kind: row.kind, attempts, err: message }, 'mail: given up after the last attempt (kept in the outbox)');
          } else {
            report.retried++;
            this.log.warn({ mailId: row.id, kind: row.kind, attempts, retryAt: next, err: message }, 'mail: delivery failed, will retry');
          }
        }
      }
      if (batch.length < this.options.batchSize) return report;
    }
  }
}
