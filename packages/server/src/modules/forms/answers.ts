import { FORM_MESSAGES, validateFormFields, type FieldErrors, type FormValidationOptions } from '@tessera/core';
import { AppError } from '../../errors.js';
import { parseJsonText } from '../../http/json.js';
import type { SiteForm } from './definition.js';

/**
 * How answers are held to their form: core's options (a default length cap, refusing values of
 * unknown ids), and a cap on the size of their JSON text for answers that are stored and shown
 * back as they are (the cart's additional fields).
 */
export interface AnswerRules extends FormValidationOptions {
  /** Bytes (UTF-8) that the answers' JSON text may take. */
  readonly maxJsonBytes?: number;
}

/** The submitted values: an object keyed by field id (or its JSON text), else FORM_PARSE_FAILED. */
export function parseValues(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = parseJsonText(raw);
    } catch {
      throw new AppError('FORM_PARSE_FAILED');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('FORM_PARSE_FAILED');
  return value as Record<string, unknown>;
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/**
 * The field errors of a form's answers (core's rules and texts), field id -> message. Answers that
 * pass every field's check but whose JSON text is over `maxJsonBytes` put the character-limit
 * message on the field with the largest answer: the one a visitor would shorten.
 */
function answerErrors(form: Pick<SiteForm, 'fields'>, values: Readonly<Record<string, unknown>>, rules: AnswerRules = {}): FieldErrors {
  const errors = validateFormFields(form.fields, values, rules);
  if (Object.keys(errors).length > 0 || rules.maxJsonBytes === undefined || jsonBytes(values) <= rules.maxJsonBytes) return errors;
  let largest = '';
  let size = -1;
  for (const [id, value] of Object.entries(values)) {
    const n = jsonBytes(value);
    if (n > size) [largest, size] = [id, n];
  }
  return Object.fromEntries([[largest, FORM_MESSAGES.characterLimit]]);
}

/** Field errors as the spec's 400: `errors`, field id -> message. */
export function checkValues(form: Pick<SiteForm, 'fields'>, values: Readonly<Record<string, unknown>>, rules: AnswerRules = {}): void {
  const errors = answerErrors(form, values, rules);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
}
