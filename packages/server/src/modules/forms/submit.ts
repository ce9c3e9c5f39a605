import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Captcha } from '../../captcha/index.js';
import type { Clock } from '../../clock.js';
import { FORM_MESSAGES } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/index.js';
import { siteSender } from '../../mail/site.js';
import type { Database } from '../../storage/schema.js';
import type { SiteSnapshot } from '../site/index.js';
import type { MailingList } from '../newsletter/index.js';
import { checkValues, parseValues } from './answers.js';
import { DISCLAIMER_FIELD, HONEYPOT_FIELD, siteForm, subscriberEmail, valueFields, type SiteForm } from './definition.js';
import { consumeSubmissionKey, insertSubmission } from './store.js';
import { mailAnswerText } from './values-text.js';

export interface SubmitDeps {
  readonly db: Kysely<Database>;
  readonly mail: Mailer;
  readonly mailingList: MailingList;
  readonly captcha: Captcha;
  readonly clock: Clock;
  /** MAIL_FROM: the server's default From. */
  readonly mailFrom: string;
  readonly log: FastifyBaseLogger;
}

/** The SaveFormSubmission body (storefront.md section 3), with the form's id. */
export interface SubmissionBody {
  readonly key: string;
  readonly formId: string;
  /** Values keyed by field id, as an object or as its JSON text. */
  readonly form: unknown;
  readonly captchaKey?: string;
  readonly disclaimerAccepted?: boolean;
  readonly pageTitle?: string;
  readonly pageId?: string;
  readonly contentSource?: string;
  readonly pagePath?: string;
  readonly pagePermissionTypeValue?: string | number;
}

export type SubmitOutcome = 'stored' | 'dropped';

/** The site form of a request, or FORM_NOT_FOUND (`This form has not been configured yet.`). */
export function findSiteForm(snapshot: SiteSnapshot, formId: unknown): SiteForm {
  const form = typeof formId === 'string' ? snapshot.forms.get(formId) : undefined;
  if (!form) throw new AppError('FORM_NOT_FOUND');
  return siteForm(form);
}

const clip = (value: unknown, max: number) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : '');

/**
 * Saves a submission: validates it with core's rules, checks the captcha, then in one transaction
 * uses up the key, stores the submission, writes the owner's mail (and, for the newsletter form,
 * the subscriber and their confirmation mail) to the outbox. Only after the commit does the
 * visitor get an answer and the sender a kick. A filled-in honeypot answers the same success and
 * stores nothing.
 */
export async function saveFormSubmission(deps: SubmitDeps, snapshot: SiteSnapshot, baseUrl: string, body: SubmissionBody): Promise<SubmitOutcome> {
  const form = findSiteForm(snapshot, body.formId);
  const raw = parseValues(body.form);
  if (form.honeypot) {
    const bait = raw[HONEYPOT_FIELD];
    if (typeof bait === 'string' && bait.trim() !== '') {
      deps.log.info({ formId: form.id }, 'form submission dropped: the honeypot field was filled in');
      return 'dropped';
    }
  }
  // Only the form's own fields are kept, in the spec's value shapes; anything else is left out.
  const values: Record<string, unknown> = {};
  for (const field of valueFields(form)) if (Object.hasOwn(raw, field.id)) values[field.id] = raw[field.id];
  checkValues(form, values);
  // The agreement is the server's to hold: a script posting straight to the API skips no checkbox.
  if (form.agreeRequired && body.disclaimerAccepted !== true) {
    throw new AppError('VALIDATION_FAILED', undefined, { [DISCLAIMER_FIELD]: FORM_MESSAGES.disclaimerRequired });
  }

  const websiteId = snapshot.website.id;
  const captcha = form.captcha ? deps.captcha.forSite(websiteId, snapshot.settings) : null;
  const captchaKey = typeof body.captchaKey === 'string' ? body.captchaKey.trim() : '';
  if (captcha && captchaKey === '') throw new AppError('CAPTCHA_REQUIRED');

  const now = deps.clock();
  const sender = siteSender(snapshot, baseUrl, deps.mailFrom);
  const { from, owner } = sender;
  const site = { websiteId, ...sender.site, from };
  const pagePath = clip(body.pagePath, 2000);
  const pageTitle = clip(body.pageTitle, 500);

  await deps.db.transaction().execute(async (tx) => {
    if (!(await consumeSubmissionKey(tx, websiteId, body.key, now))) throw new AppError('SUBMISSION_KEY_INVALID');
    if (captcha) {
      const verdict = await captcha.provider.verify(captcha.site, captchaKey, tx);
      if (!verdict.ok) throw new AppError(verdict.reason === 'missing' ? 'CAPTCHA_REQUIRED' : 'CAPTCHA_INVALID');
    }
    // A form whose settings keep nothing still mails and still joins the mailing list.
    if (form.storeSubmissions) {
      await insertSubmission(tx, {
        websiteId,
        formKey: form.id,
        formName: form.name,
        fields: valueFields(form).map((f) => ({ id: f.id, type: f.type, title: f.title ?? f.id })),
        values,
        pageTitle,
        pageId: clip(body.pageId, 100),
        contentSource: clip(body.contentSource, 1),
        pagePath,
        pagePermissionTypeValue: clip(body.pagePermissionTypeValue, 50),
        submittedOn: now,
      });
    }
    const to = form.notifyEmail ?? owner;
    if (form.notifyOwner && to) {
      const email = form.fields.find((f) => f.type === 'email');
      const replyTo = email && typeof values[email.id] === 'string' && values[email.id] !== '' ? String(values[email.id]) : null;
      await deps.mail.send(tx, {
        websiteId,
        kind: 'form-submission',
        to,
        from,
        replyTo,
        site,
        input: {
          formName: form.name,
          answers: valueFields(form)
            .filter((f) => f.type !== 'hidden' || values[f.id])
            .map((f) => ({ title: f.title ?? f.id, text: mailAnswerText(f, values[f.id]) })),
          pageTitle,
          pageUrl: pagePath.startsWith('/') ? `${baseUrl}${pagePath}` : '',
          submittedOn: now,
          timeZone: snapshot.timeZone,
        },
      });
    } else if (form.notifyOwner) {
      deps.log.warn({ formId: form.id }, 'form submission received; no mail sent: neither the form nor settings.mail.owner names an address');
    }
    if (form.addToMailingList) {
      const email = subscriberEmail(form, values);
      if (email) await deps.mailingList.optIn(tx, { site, email, source: form.newsletter ? 'newsletter-form' : `form:${form.id}` });
    }
  });
  deps.mail.kick();
  return 'stored';
}
