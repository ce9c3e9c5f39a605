import { FORM_FIELD_COMMON_PROPERTIES, FORM_FIELD_EXTRA_PROPERTIES, FormFieldType } from '@tessera/core';
import { siteForm } from './definition.js';
import type { FormSettings } from './settings.js';

/** One field as the builder edits it: the spec's common properties and its type's extra ones. */
export type BuilderField = { readonly id: string; readonly type: string; readonly title: string } & Readonly<Record<string, unknown>>;

/**
 * A form's whole builder state, one group per step of the spec's builder: build (`fields`), storage
 * (where submissions go: settings.ts), advanced, captcha and disclaimer.
 */
export interface BuilderDefinition extends FormSettings {
  readonly fields: readonly BuilderField[];
  readonly submitLabel: string;
  readonly submissionMessage: string;
  readonly successRedirect: string;
  readonly captcha: boolean;
  readonly honeypot: boolean;
  readonly disclaimer: string;
}

const FIELD_TYPES = new Set<string>(Object.values(FormFieldType));

/** The properties a field of `type` may carry, beside id, type and title. */
export function fieldProperties(type: string): readonly string[] {
  const extra = FIELD_TYPES.has(type) ? FORM_FIELD_EXTRA_PROPERTIES[type as FormFieldType] : [];
  return [...FORM_FIELD_COMMON_PROPERTIES, ...extra];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A stored field as the builder shows it: only its type's properties; a hidden field's old `defaultValue` read as `value`. */
function builderField(raw: Readonly<Record<string, unknown>>): BuilderField {
  const source = raw.type === 'hidden' && raw.value === undefined && raw.defaultValue !== undefined ? { ...raw, value: raw.defaultValue } : raw;
  const field: Record<string, unknown> = { id: str(source.id), type: str(source.type), title: str(source.title) || str(source.id) };
  for (const name of fieldProperties(field.type as string)) if (source[name] !== undefined) field[name] = source[name];
  return field as BuilderField;
}

/** The builder's state of a stored form definition (forms/<id>.json), with the defaults of what it leaves out. */
export function builderDefinition(form: { formKey: string; name: string; definition: Readonly<Record<string, unknown>> }): BuilderDefinition {
  const d = form.definition;
  const settings = siteForm({ id: form.formKey, name: form.name, definition: d as never });
  const fields = Array.isArray(d.fields) ? d.fields.filter((f): f is Record<string, unknown> => !!f && typeof f === 'object' && !Array.isArray(f)) : [];
  return {
    fields: fields.map(builderField),
    storeSubmissions: settings.storeSubmissions,
    notifyOwner: settings.notifyOwner,
    notifyEmail: settings.notifyEmail,
    addToMailingList: settings.addToMailingList,
    submitLabel: str(d.submitLabel),
    submissionMessage: str(d.submissionMessage),
    successRedirect: str(d.successRedirect),
    captcha: settings.captcha,
    honeypot: settings.honeypot,
    disclaimer: str(d.disclaimer),
  };
}

/**
 * The stored definition after a save: the builder's state over what the form held before, so what the
 * builder does not edit (the newsletter mark) stays; no `notifyEmail` means the site's owner address.
 */
export function storedDefinition(previous: Readonly<Record<string, unknown>>, next: BuilderDefinition): Record<string, unknown> {
  const definition: Record<string, unknown> = { ...previous, ...next, fields: next.fields.map((f) => ({ ...f })) };
  delete definition.id;
  delete definition.name;
  if (next.notifyEmail === null) delete definition.notifyEmail;
  return definition;
}

/** A new form: a name and an email field, the captcha and the honeypot on, submissions kept and mailed. */
export function newFormDefinition(): BuilderDefinition {
  return {
    fields: [
      { id: 'name', type: 'name', title: 'Name', required: true },
      { id: 'email', type: 'email', title: 'Email', required: true },
    ],
    storeSubmissions: true,
    notifyOwner: true,
    notifyEmail: null,
    addToMailingList: false,
    submitLabel: '',
    submissionMessage: '<p>Thank you: your answers were sent.</p>',
    successRedirect: '',
    captcha: true,
    honeypot: true,
    disclaimer: '',
  };
}
