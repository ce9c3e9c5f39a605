import { isValidEmail } from './email.js';
import { EDITOR_VALIDATION_MESSAGES, FORM_MESSAGES, emailNotValidMessage, fillMessage } from './messages.js';
import { characterCount, parseMaxLength, validateTextarea } from './textarea.js';
import type { FormFieldDefinition } from './form-fields.js';

/** Field id -> message, the shape of a 400 answer's `errors` (storefront.md section 5). */
export type FieldErrors = Record<string, string>;

/**
 * How strictly answers are held to their form. Site forms keep the defaults (no length cap beyond
 * a field's own maxLength; values of unknown ids are left out by the caller); the cart's
 * additional fields, which are stored with the cart and shown back, ask for both limits.
 */
export interface FormValidationOptions {
  /**
   * Characters allowed in a text answer whose field sets no maxLength, and in each part of a list
   * answer (address, name, date, time, phone, checkbox) or likert question.
   */
  readonly defaultMaxLength?: number;
  /** `reject`: a value whose id names no field that carries values (sections carry none) is an error. */
  readonly unknownFields?: 'ignore' | 'reject';
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'string' || v.trim() === '');
  return false;
}

function validDate(parts: readonly string[]): boolean {
  const nums = parts.filter((p) => p.trim() !== '');
  if (nums.length !== 3 || !nums.every((p) => /^\d+$/.test(p.trim()))) return false;
  const [month, day, year] = nums.map(Number);
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const AM_PM = /^(am|pm)$/i;

/**
 * A time's parts without its AM/PM choice: [hour, minute] or [hour, minute, second]. The AM/PM
 * part is the last one when present (the theme renders hour, minute, AM/PM; a four-part
 * value is hour, minute, second, AM/PM with the last possibly empty).
 */
function timeParts(parts: readonly string[]): { clock: string[]; ampm: string } | null {
  const list = parts.map((p) => p.trim());
  const last = list[list.length - 1] ?? '';
  const hasAmPm = AM_PM.test(last) || (list.length === 4 && last === '');
  const clock = hasAmPm ? list.slice(0, -1) : list;
  if (clock.length < 1 || clock.length > 3) return null;
  return { clock, ampm: hasAmPm ? last : '' };
}

function validTime(parts: readonly string[]): boolean {
  const time = timeParts(parts);
  if (!time) return false;
  const [hour = '', minute = '', second = ''] = time.clock;
  const n = (s: string, max: number, min = 0) => s === '' || (/^\d{1,2}$/.test(s) && +s >= min && +s <= max);
  if (hour === '') return false;
  const twelveHour = time.ampm !== '';
  return n(hour, twelveHour ? 12 : 23, twelveHour ? 1 : 0) && n(minute, 59) && n(second, 59);
}

/** A time is blank when its hour, minute and second are: the AM/PM choice always has a value. */
function isBlankTime(value: unknown): boolean {
  if (!isStringList(value)) return isBlank(value);
  const time = timeParts(value);
  return time ? isBlank(time.clock) : isBlank(value);
}

function validWebsite(value: string): boolean {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z0-9-]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

function notAnOption(value: string): string {
  return fillMessage(EDITOR_VALIDATION_MESSAGES.notExpectedOption, { val: value });
}

/** Whether a text is longer than `max` characters (no limit when `max` is undefined). */
const over = (text: string, max: number | undefined) => max !== undefined && characterCount(text) > max;

/** The message for one field's submitted value, or null when it is valid. */
export function validateFormField(field: FormFieldDefinition, value: unknown, options: FormValidationOptions = {}): string | null {
  if (field.type === 'section') return null;
  // Likert questions and hidden fields are never required (storefront.md section 5).
  const requirable = field.type !== 'likert' && field.type !== 'hidden';
  if (field.type === 'time' ? isBlankTime(value) : isBlank(value)) return field.required && requirable ? FORM_MESSAGES.required : null;
  const partMax = options.defaultMaxLength;
  // A list's parts are checked for length before their format, so an oversized part says so.
  const overlong = (parts: readonly string[]) => parts.some((p) => over(p, partMax));
  switch (field.type) {
    case 'address':
    case 'name':
    case 'date':
    case 'time':
    case 'phone': {
      if (!isStringList(value)) return FORM_MESSAGES.parseFieldsFailed;
      if (overlong(value)) return FORM_MESSAGES.characterLimit;
      if (field.type === 'date' && !validDate(value)) return FORM_MESSAGES.invalidDate;
      if (field.type === 'time' && !validTime(value)) return FORM_MESSAGES.invalidTime;
      if (field.type === 'phone' && !value.every((p) => /^[\d\s()+.-]*$/.test(p))) return FORM_MESSAGES.invalidPhone;
      return null;
    }
    case 'checkbox': {
      if (!isStringList(value)) return FORM_MESSAGES.parseFieldsFailed;
      const choices = field.options;
      if (!choices && overlong(value)) return FORM_MESSAGES.characterLimit;
      const wrong = choices ? value.find((v) => !choices.includes(v)) : undefined;
      return wrong === undefined ? null : notAnOption(wrong);
    }
    case 'likert': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return FORM_MESSAGES.parseFieldsFailed;
      const questions = field.options;
      for (const [question, answers] of Object.entries(value as Record<string, unknown>)) {
        if (questions && !questions.includes(question)) return notAnOption(question);
        if (!questions && over(question, partMax)) return FORM_MESSAGES.characterLimit;
        if (!isStringList(answers)) return FORM_MESSAGES.parseFieldsFailed;
        const wrong = answers.find((a) => !/^-?[0-2]$/.test(a));
        if (wrong !== undefined) return notAnOption(wrong);
      }
      return null;
    }
    default:
      break;
  }
  if (typeof value !== 'string') return FORM_MESSAGES.parseFieldsFailed;
  // A field's own maxLength holds for every text field (textarea's is the one the form builder
  // offers); without one, the caller's default cap.
  if (over(value, parseMaxLength(field.maxLength) ?? partMax)) return FORM_MESSAGES.characterLimit;
  const text = value.trim();
  switch (field.type) {
    case 'email':
      return isValidEmail(text) ? null : emailNotValidMessage();
    case 'textarea':
      return validateTextarea(value, { maxLength: field.maxLength, required: field.required });
    case 'number':
      return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? null : FORM_MESSAGES.invalidNumber;
    case 'currency':
      return /^\d+(\.\d+)?$|^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? null : FORM_MESSAGES.invalidAmount;
    case 'website':
      return validWebsite(text) ? null : FORM_MESSAGES.invalidWebsite;
    case 'radio':
    case 'select':
      return field.options && !field.options.includes(value) ? notAnOption(value) : null;
    default:
      return null;
  }
}

/**
 * Server-side validation of a submission's `form` object against the form's fields: a map of
 * field id to message, empty when everything is valid. Sections are always valid; values for
 * unknown field ids are ignored, or each an error with `unknownFields: 'reject'`.
 */
export function validateFormFields(
  fields: readonly FormFieldDefinition[],
  form: Readonly<Record<string, unknown>>,
  options: FormValidationOptions = {},
): FieldErrors {
  // Built as entries: an id such as `__proto__` (JSON.parse makes it an own key) must become a key
  // of the answer, not the prototype of a plain object, where it would silently vanish.
  const errors: [string, string][] = [];
  for (const field of fields) {
    const value = Object.hasOwn(form, field.id) ? form[field.id] : undefined;
    const message = validateFormField(field, value, options);
    if (message !== null) errors.push([field.id, message]);
  }
  if (options.unknownFields === 'reject') {
    const known = new Set(fields.filter((f) => f.type !== 'section').map((f) => f.id));
    for (const id of Object.keys(form)) if (!known.has(id)) errors.push([id, FORM_MESSAGES.unknownField]);
  }
  return Object.fromEntries(errors);
}

/**
 * The cart's additional-fields check (storefront.md section 5): required fields that are
 * empty give `Required`; likert is never required; sections are ignored.
 */
export function requiredFieldErrors(fields: readonly FormFieldDefinition[], form: Readonly<Record<string, unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (!field.required || field.type === 'section' || field.type === 'likert' || field.type === 'hidden') continue;
    if (isBlank(form[field.id])) errors[field.id] = FORM_MESSAGES.required;
  }
  return errors;
}
