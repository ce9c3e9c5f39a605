import { COMMENT_FIELD_LIMITS as L } from './limits.js';

/** The messages of a refused comment, per field (400 VALIDATION_FAILED `errors`); the storefront's form shows them. */
const COMMENT_MESSAGES = Object.freeze({
  nameBlank: 'Enter your name.',
  nameLong: `Enter a name of at most ${L.name} characters.`,
  emailInvalid: 'Email is invalid',
  textBlank: 'Write a comment.',
  textLong: `Write a comment of at most ${L.text} characters.`,
});

export interface CommentInput {
  readonly name: string;
  /** null when not given. */
  readonly email: string | null;
  readonly text: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const length = (s: string) => [...s].length;
/** Drops control characters other than the line breaks and tabs a comment may hold. */
const withoutControls = (s: string) =>
  [...s]
    .filter((ch) => {
      const code = ch.codePointAt(0)!;
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('');

/** A comment's fields, trimmed, or the message of each refused one. */
export function parseComment(body: Record<string, unknown>): { ok: true; value: CommentInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = typeof body.name === 'string' ? withoutControls(body.name).trim() : '';
  if (name === '') errors.name = COMMENT_MESSAGES.nameBlank;
  else if (length(name) > L.name) errors.name = COMMENT_MESSAGES.nameLong;
  const emailText = typeof body.email === 'string' ? body.email.trim() : body.email === undefined || body.email === null ? '' : null;
  if (emailText === null || (emailText !== '' && (emailText.length > L.email || !EMAIL.test(emailText)))) errors.email = COMMENT_MESSAGES.emailInvalid;
  const text = typeof body.text === 'string' ? withoutControls(body.text.replace(/\r\n?/g, '\n')).trim() : '';
  if (text === '') errors.text = COMMENT_MESSAGES.textBlank;
  else if (length(text) > L.text) errors.text = COMMENT_MESSAGES.textLong;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { name, email: emailText ? emailText.toLowerCase() : null, text } };
}
