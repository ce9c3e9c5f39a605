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
 * sent by `log`) and the log says that it waits there. Only what identifies it is logged (its
 * id, kind, the recipient's domain and the subject), never its body: reset links, gift card codes
 * and download links would otherwise sit in log files, which travel further and live longer than
 * the store. `tessera mail list` and `tessera mail show <id>` read the message itself.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'log',
    async send(message) {
      log.info(
        { mail: { id: message.id, kind: message.kind, toDomain: domainOf(message.to), subject: message.subject } },
        'mail waiting in the outbox (no SMTP_URL): tessera mail show <id> prints it',
      );
    },
  };
}

/** The domain of an address (`Name <a@b.example>` or `a@b.example`): enough to tell where a message goes without naming who. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .replace(/[>\s].*$/, '')
        .toLowerCase();
}
