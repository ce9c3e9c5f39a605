/** What a mail template produces: a subject, a plain-text body and an HTML body. */
export interface MailContent {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Extra headers (List-Unsubscribe on mailing-list mail). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A message as the outbox keeps it and a transport sends it. */
export interface OutgoingMessage extends MailContent {
  readonly id: string;
  /** The mail kind (its template): `account-password-reset`, `gift-card-code`, ... */
  readonly kind?: string;
  readonly from: string;
  readonly to: string;
  readonly replyTo?: string | null;
}

/** Header values come from visitors in places (a form's email field): no line breaks may reach a header. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
