import { EDITOR_VALIDATION_MESSAGES, fillMessage, FormFieldType } from '@tessera/core';
import { isValidLink, linksMessage } from '@tessera/core/layout';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../http/rich-text.js';
import { type BuilderDefinition, type BuilderField, fieldProperties } from './builder-state.js';
import { checkFormSettings } from './settings-body.js';

/** Messages of the builder that the spec does not give. */
const BUILDER_MESSAGES = {
  name: 'Give the form a name of at most 100 characters.',
  revision: 'Send the revision the form was read with.',
  fieldCount: 'A form has 1 to 100 fields.',
  fieldId: 'An id is 1 to 60 lowercase letters, digits or hyphens.',
  duplicateId: 'Two fields have the id {val}.',
  title: 'Give the field a title of at most 200 characters.',
  text: 'At most {max} characters.',
  yesOrNo: 'Choose yes or no.',
  options: 'Give 1 to 100 options of 1 to 200 characters.',
  duplicateOption: 'Two options read {val}.',
  maxLength: 'Enter a whole number from 1 to 100000.',
  key: 'Give the hidden field a key: 1 to 60 letters, digits, hyphens or underscores.',
  currencySymbol: 'A currency symbol has 1 to 5 characters.',
  notObject: 'Expected an object.',
} as const;

const MAX_FIELDS = 100;
const MAX_OPTIONS = 100;
const FIELD_ID = /^[a-z0-9-]{1,60}$/;
const HIDDEN_KEY = /^[A-Za-z0-9_-]{1,60}$/;
const MAX_RICH_TEXT = 20_000;
const CHOICE_TYPES = new Set<string>([FormFieldType.RADIO, FormFieldType.CHECKBOX, FormFieldType.SELECT, FormFieldType.LIKERT]);
const FIELD_TYPES = new Set<string>(Object.values(FormFieldType));

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Collects field-level messages by path (`definition.fields[2].options`), as the layout's checks do. */
class Checker {
  readonly errors: Record<string, string> = {};
  fail(path: string, message: string): void {
    this.errors[path] ??= message;
  }
  text(o: Obj, key: string, path: string, max: number): string {
    const v = o[key];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string' || v.length > max) this.fail(`${path}.${key}`, fillMessage(BUILDER_MESSAGES.text, { max }));
    return typeof v === 'string' ? v.trim() : '';
  }
  flag(o: Obj, key: string, path: string, fallback: boolean): boolean {
    const v = o[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') this.fail(`${path}.${key}`, BUILDER_MESSAGES.yesOrNo);
    return v === true;
  }
  richText(o: Obj, key: string, path: string): string {
    const raw = this.text(o, key, path, MAX_RICH_TEXT);
    // Whatever the browser sent, visitors get only the allowed elements and attributes.
    return raw === '' ? '' : sanitizeRichText(raw);
  }
}

function checkOptions(c: Checker, raw: unknown, path: string): string[] {
  const list = Array.isArray(raw) ? raw : [];
  const options = list.map((o) => (typeof o === 'string' ? o.trim() : ''));
  if (list.length === 0 || list.length > MAX_OPTIONS || options.some((o) => o === '' || o.length > 200)) {
    c.fail(`${path}.options`, BUILDER_MESSAGES.options);
    return options;
  }
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(o)) c.fail(`${path}.options`, fillMessage(BUILDER_MESSAGES.duplicateOption, { val: o }));
    seen.add(o);
  }
  return options;
}

/** One field: its id, type and title, then only its type's properties (anything else is dropped). */
function checkField(c: Checker, raw: unknown, path: string): BuilderField | null {
  if (!isObj(raw)) {
    c.fail(path, BUILDER_MESSAGES.notObject);
    return null;
  }
  const id = typeof raw.id === 'string' ? raw.id.trim() : '';
  if (!FIELD_ID.test(id)) c.fail(`${path}.id`, BUILDER_MESSAGES.fieldId);
  const type = typeof raw.type === 'string' ? raw.type : '';
  if (!FIELD_TYPES.has(type)) c.fail(`${path}.type`, fillMessage(EDITOR_VALIDATION_MESSAGES.notExpectedOption, { val: String(raw.type ?? '') }));
  const title = typeof raw.title === 'string' ? raw.title.trim() : '';
  if (title === '' || title.length > 200) c.fail(`${path}.title`, BUILDER_MESSAGES.title);
  const field: Record<string, unknown> = { id, type, title };
  for (const name of fieldProperties(type)) {
    if (raw[name] === undefined && name !== 'options' && name !== 'key') continue;
    switch (name) {
      case 'description':
        field.description = c.text(raw, name, path, 2000);
        break;
      case 'placeholder':
        field.placeholder = c.text(raw, name, path, 200);
        break;
      case 'required':
      case 'showCountryCode':
      case 'underline':
        field[name] = c.flag(raw, name, path, false);
        break;
      case 'maxLength': {
        const v = raw.maxLength;
        if (v === null) break;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 100_000) c.fail(`${path}.maxLength`, BUILDER_MESSAGES.maxLength);
        else field.maxLength = v;
        break;
      }
      case 'currencySymbol': {
        const symbol = c.text(raw, name, path, 5);
        if (symbol === '') c.fail(`${path}.currencySymbol`, BUILDER_MESSAGES.currencySymbol);
        field.currencySymbol = symbol;
        break;
      }
      case 'options':
        if (CHOICE_TYPES.has(type)) field.options = checkOptions(c, raw.options, path);
        break;
      case 'key': {
        const key = typeof raw.key === 'string' ? raw.key.trim() : '';
        if (!HIDDEN_KEY.test(key)) c.fail(`${path}.key`, BUILDER_MESSAGES.key);
        field.key = key;
        break;
      }
      case 'value':
        field.value = c.text(raw, name, path, 2000);
        break;
    }
  }
  // Empty texts say nothing: they are left out, as a hand-written definition would.
  for (const name of ['description', 'placeholder']) if (field[name] === '') delete field[name];
  return field as BuilderField;
}

function checkFields(c: Checker, raw: unknown): BuilderField[] {
  const path = 'definition.fields';
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_FIELDS) {
    c.fail(path, BUILDER_MESSAGES.fieldCount);
    return [];
  }
  const fields = raw.map((f, i) => checkField(c, f, `${path}[${i}]`));
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (!f || f.id === '') return;
    if (seen.has(f.id)) c.fail(`${path}[${i}].id`, fillMessage(BUILDER_MESSAGES.duplicateId, { val: f.id }));
    seen.add(f.id);
  });
  return fields.filter((f): f is BuilderField => f !== null);
}

export interface BuilderSave {
  readonly revision: number;
  readonly name: string;
  readonly definition: BuilderDefinition;
}

/**
 * The body of `PUT /api/owner/forms/:formId/definition`, checked by hand so that each problem gets its
 * message at its path; rich text is sanitised, unknown properties dropped. Throws VALIDATION_FAILED.
 */
export function checkBuilderSave(raw: unknown, ownerEmail: string | null): BuilderSave {
  const c = new Checker();
  const body = isObj(raw) ? raw : {};
  const revision = body.revision;
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 1) c.fail('revision', BUILDER_MESSAGES.revision);
  const name = checkName(c, body.name);
  const d = isObj(body.definition) ? body.definition : {};
  if (!isObj(body.definition)) c.fail('definition', BUILDER_MESSAGES.notObject);
  const fields = checkFields(c, d.fields);
  const p = 'definition';
  const successRedirect = c.text(d, 'successRedirect', p, 2000);
  if (successRedirect !== '' && !isValidLink(successRedirect)) c.fail(`${p}.successRedirect`, linksMessage());
  const definition = {
    fields,
    submitLabel: c.text(d, 'submitLabel', p, 60),
    submissionMessage: c.richText(d, 'submissionMessage', p),
    successRedirect,
    captcha: c.flag(d, 'captcha', p, false),
    honeypot: c.flag(d, 'honeypot', p, false),
    disclaimer: c.richText(d, 'disclaimer', p),
  };
  const settingsErrors: Record<string, string> = {};
  const settings = checkFormSettings(d, ownerEmail, settingsErrors, `${p}.`);
  Object.assign(c.errors, settingsErrors);
  if (Object.keys(c.errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, c.errors);
  return { revision: revision as number, name, definition: { ...definition, ...settings } };
}

function checkName(c: Checker, raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '' || name.length > 100) c.fail('name', BUILDER_MESSAGES.name);
  return name;
}

/** The body of `POST /api/owner/forms`: a name, and the form to copy if any. */
export function checkNewForm(raw: unknown): { name: string; from: string | null } {
  const c = new Checker();
  const body = isObj(raw) ? raw : {};
  const name = checkName(c, body.name);
  const from = typeof body.from === 'string' && body.from !== '' ? body.from : null;
  if (body.from !== undefined && body.from !== null && typeof body.from !== 'string') c.fail('from', BUILDER_MESSAGES.notObject);
  if (Object.keys(c.errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, c.errors);
  return { name, from };
}
