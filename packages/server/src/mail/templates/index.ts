import type { MailSite } from '../layout.js';
import type { MailContent } from '../message.js';
import { formSubmissionMail, type FormSubmissionMailInput } from './form-submission.js';
import { newsletterConfirmationMail, type NewsletterConfirmationMailInput } from './newsletter-confirmation.js';

/** A mail kind's template: its input and the site in, subject and both bodies out. Pure. */
export type MailTemplate<Input> = (input: Input, site: MailSite) => MailContent;

/**
 * Every mail kind and the input of its template. A module adds a kind by declaration merging
 * and registers its template once at load (see mail/README.md):
 *
 *   declare module '../../mail/templates/index.js' {
 *     interface MailKinds { 'restock-notice': RestockNoticeInput }
 *   }
 *   registerMailTemplate('restock-notice', restockNoticeMail);
 */
export interface MailKinds {
  'form-submission': FormSubmissionMailInput;
  'newsletter-confirmation': NewsletterConfirmationMailInput;
}

export type MailKind = keyof MailKinds & string;

const templates = new Map<string, MailTemplate<never>>();

export function registerMailTemplate<K extends MailKind>(kind: K, template: MailTemplate<MailKinds[K]>): void {
  if (templates.has(kind) && templates.get(kind) !== template) throw new Error(`mail kind ${kind} is registered twice`);
  templates.set(kind, template as MailTemplate<never>);
}

export function renderMail<K extends MailKind>(kind: K, input: MailKinds[K], site: MailSite): MailContent {
  const template = templates.get(kind) as MailTemplate<MailKinds[K]> | undefined;
  if (!template) throw new Error(`no template for mail kind ${kind}`);
  return template(input, site);
}

export function mailKinds(): string[] {
  return [...templates.keys()];
}

registerMailTemplate('form-submission', formSubmissionMail);
registerMailTemplate('newsletter-confirmation', newsletterConfirmationMail);
