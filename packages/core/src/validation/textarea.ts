import { FORM_MESSAGES } from './messages.js';

/**
 * A textarea's max-length attribute as a limit: a non-negative whole number, else undefined
 * (a missing or non-numeric max-length disables the counter and the limit).
 */
export function parseMaxLength(maxLength: unknown): number | undefined {
  const n = typeof maxLength === 'string' && /^\s*\d+\s*$/.test(maxLength) ? Number(maxLength) : maxLength;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Characters as a visitor counts them (a surrogate pair is one character). */
export function characterCount(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export interface TextareaCounter {
  /** `n / max` */
  readonly text: string;
  /** Marked as error when over the limit. */
  readonly over: boolean;
}

/** The live counter `n / max`, or null when the max-length is missing or not a number. */
export function textareaCounter(value: string, maxLength: unknown): TextareaCounter | null {
  const max = parseMaxLength(maxLength);
  if (max === undefined) return null;
  const n = characterCount(value);
  return { text: `${n} / ${max}`, over: n > max };
}

/**
 * A textarea value is valid when within the limit; empty is valid unless required (then the
 * message is `Required`). Returns the message, or null when valid.
 */
export function validateTextarea(value: string, options: { readonly maxLength?: unknown; readonly required?: boolean } = {}): string | null {
  if (value.trim() === '') return options.required ? FORM_MESSAGES.required : null;
  const max = parseMaxLength(options.maxLength);
  return max !== undefined && characterCount(value) > max ? FORM_MESSAGES.characterLimit : null;
}
