import { EMPTY_FORM_ANSWER, likertLabel, type FormFieldDefinition } from '@tessera/core';

const nonEmpty = (parts: readonly unknown[]) => parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim());

/**
 * A submitted value as a person reads it, in the owner's mail and in the CSV export. The value
 * shapes are the spec's (storefront.md section 3): lists for address, date, name, time, phone
 * and checkbox; a map of question to answers for likert; a string otherwise.
 */
export function answerText(field: FormFieldDefinition, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (field.type) {
    case 'name':
      return Array.isArray(value) ? nonEmpty(value).join(' ') : '';
    case 'address':
      return Array.isArray(value) ? nonEmpty(value).join(', ') : '';
    case 'date': {
      // month, day, year
      const parts = Array.isArray(value) ? nonEmpty(value) : [];
      return parts.length === 3 ? `${parts[0]!.padStart(2, '0')}/${parts[1]!.padStart(2, '0')}/${parts[2]}` : parts.join('/');
    }
    case 'time': {
      // hour, minute[, second][, AM/PM]
      const parts = Array.isArray(value) ? nonEmpty(value) : [];
      const ampm = parts.length > 0 && /^(am|pm)$/i.test(parts[parts.length - 1]!) ? ` ${parts.pop()!.toUpperCase()}` : '';
      return parts.length === 0 ? '' : `${parts.map((p, i) => (i === 0 ? p : p.padStart(2, '0'))).join(':')}${ampm}`;
    }
    case 'phone': {
      // country code ('' when none), area code, prefix, line
      const list = Array.isArray(value) ? value.map((p) => (typeof p === 'string' ? p.trim() : '')) : [];
      const [country = '', ...rest] = list;
      const number = nonEmpty(rest).join(' ');
      return country ? `+${country.replace(/^\+/, '')} ${number}`.trim() : number;
    }
    case 'checkbox':
      return Array.isArray(value) ? nonEmpty(value).join(', ') : '';
    case 'likert': {
      if (typeof value !== 'object' || Array.isArray(value)) return '';
      return Object.entries(value as Record<string, unknown>)
        .map(([question, answers]) => `${question}: ${(Array.isArray(answers) ? answers : []).map((a) => likertLabel(a) ?? String(a)).join(', ')}`)
        .join('\n');
    }
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** The mail's version: an empty answer shows as `N/A` (platform.md section 9). */
export function mailAnswerText(field: FormFieldDefinition, value: unknown): string {
  const text = answerText(field, value);
  return text.trim() === '' ? EMPTY_FORM_ANSWER : text;
}
