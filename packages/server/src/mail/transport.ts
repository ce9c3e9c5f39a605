import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OutgoingMessage } from './message.js';

/** How a message leaves. A transport throws when the message was not accepted; the sender retries. */
export interface MailTransport {
  /** Recorded on the outbox row: `smtp`, `log`, ... */
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

/** SMTP through nodemailer (`SMTP_URL`, `smtp://user:pass@host:587` or `smtps://...`). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // A mail server that does not answer must not hold a delivery forever: the sender retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers },
        // The outbox id makes the Message-ID stable across retries, so a receiver can spot a duplicate.
        messageId: `<${message.id}@tessera.outbox>`,
      });
      const rejected = (info as { rejected?: unknown[] }).rejected ?? [];
      if (rejected.length > 0) throw new Error(`the mail server refused ${rejected.map(String).join(', ')}`);
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default when no SMTP_URL is set: the message stays in the outbox table (marked
 * sent by `log`) and its text goes to the log, so nothing needs to be installed to see it.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'log',
    async send(message) {
      log.info({ mail: { id: message.id, to: message.to, subject: message.subject, text: message.text } }, 'mail (no SMTP_URL: kept in the outbox)');
    },
  };
}
