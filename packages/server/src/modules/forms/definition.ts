import { FORM_MARKERS, type FormFieldDefinition, isValidEmail } from '@tessera/core';
import type { JsonObject } from '../../site-dir/types.js';

/** A site form as the forms module reads its definition (docs/site-format.md, forms/<formId>.json). */
export interface SiteForm {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly FormFieldDefinition[];
  readonly captcha: boolean;
  readonly honeypot: boolean;
  readonly newsletter: boolean;
  /** Whether a mail goes out per submission: yes unless the form says no; for the newsletter form only when it says yes. */
  readonly notifyOwner: boolean;
  /** Whether submissions are kept in the store (the owner's lists, the CSV export): yes unless the form says no. */
  readonly storeSubmissions: boolean;
  /** Where the mail goes: this address, else the site's owner address (`settings.mail.owner`). */
  readonly notifyEmail: string | null;
  /** Whether the first email field's address joins the mailing list: the newsletter form's behaviour, on any form. */
  readonly addToMailingList: boolean;
  /**
   * Whether a submission needs the visitor's "I agree" to the form's disclaimer: any form with one but the
   * newsletter's, whose disclaimer is a note under a one-field signup.
   */
  readonly agreeRequired: boolean;
}

/** The name of the honeypot input (core's markup contract): people never see it, bots fill it in. */
export const HONEYPOT_FIELD = FORM_MARKERS.honeypotName;

/** Where a missing agreement's message goes in the field errors (the island shows it under "I agree"). */
export const DISCLAIMER_FIELD = 'disclaimer';

function fieldOf(raw: unknown): FormFieldDefinition | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const f = raw as Record<string, unknown>;
  if (typeof f.id !== 'string' || typeof f.type !== 'string') return null;
  return {
    ...(f as object),
    id: f.id,
    type: f.type,
    title: typeof f.title === 'string' ? f.title : f.id,
    required: f.required === true,
    options: Array.isArray(f.options) ? f.options.filter((o): o is string => typeof o === 'string') : undefined,
  } as FormFieldDefinition;
}

export function siteForm(form: { id: string; name: string; definition: JsonObject }): SiteForm {
  const d = form.definition;
  const fields = (Array.isArray(d.fields) ? d.fields : []).map(fieldOf).filter((f): f is FormFieldDefinition => f !== null);
  const newsletter = d.newsletter === true;
  return {
    id: form.id,
    name: form.name,
    fields,
    captcha: d.captcha === true,
    honeypot: d.honeypot === true,
    newsletter,
    // The newsletter form mails nobody unless its settings say so: a signup is not a message to answer.
    notifyOwner: typeof d.notifyOwner === 'boolean' ? d.notifyOwner : !newsletter,
    storeSubmissions: d.storeSubmissions !== false,
    notifyEmail: typeof d.notifyEmail === 'string' && isValidEmail(d.notifyEmail.trim()) ? d.notifyEmail.trim() : null,
    addToMailingList: typeof d.addToMailingList === 'boolean' ? d.addToMailingList : newsletter,
    agreeRequired: !newsletter && typeof d.disclaimer === 'string' && d.disclaimer.replace(/<[^>]*>/g, '').trim() !== '',
  };
}

/** The fields that carry values (sections carry none). */
export function valueFields(form: SiteForm): FormFieldDefinition[] {
  return form.fields.filter((f) => f.type !== 'section');
}

/** A newsletter form's subscriber address: its first email field's value. */
export function subscriberEmail(form: SiteForm, values: Readonly<Record<string, unknown>>): string | null {
  const field = form.fields.find((f) => f.type === 'email');
  const value = field ? values[field.id] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
