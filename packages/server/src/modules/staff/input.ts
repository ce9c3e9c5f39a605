import { isValidEmail } from '@tessera/core/validation';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, normalizeEmail } from '../admin/index.js';

/** The field messages of the staff calls: the password rules are those of `tessera owner create`. */
export const FIELD_MESSAGES = {
  email: 'Enter a valid email address.',
  role: 'Choose one of the website roles.',
  password: 'Enter a password.',
  passwordTooShort: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`,
  token: 'This link is not complete: open the link of the email again.',
} as const;

/** What is wrong with a new password, or null. */
export function passwordError(password: unknown): string | null {
  if (typeof password !== 'string' || password === '') return FIELD_MESSAGES.password;
  if (password.length < PASSWORD_MIN_LENGTH) return FIELD_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return FIELD_MESSAGES.passwordTooLong;
  return null;
}

/** The address, lowercased and trimmed, when it is one; null otherwise. */
export function emailOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 320) return null;
  const email = normalizeEmail(value);
  return isValidEmail(email) ? email : null;
}
