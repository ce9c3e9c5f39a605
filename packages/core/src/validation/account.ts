import { isValidEmail } from './email.js';
import { LOGIN_MESSAGES, emailsMustBeFormattedMessage } from './messages.js';

/** Visitor account passwords: long enough to resist guessing, short enough to hash quickly. */
const SITE_USER_PASSWORD = Object.freeze({ minLength: 8, maxLength: 1024 });

/**
 * Messages of the visitor account forms. The spec words the two email messages (LOGIN_MESSAGES);
 * the others are Tessera's, shown beside them.
 */
export const ACCOUNT_MESSAGES = Object.freeze({
  enterValidEmail: LOGIN_MESSAGES.enterValidEmail,
  emailsMustBeFormatted: LOGIN_MESSAGES.emailsMustBeFormatted,
  enterPassword: 'Please enter your password',
  passwordTooShort: `Passwords must have at least ${SITE_USER_PASSWORD.minLength} characters`,
  passwordTooLong: `Passwords may have at most ${SITE_USER_PASSWORD.maxLength} characters`,
  signInFailed: 'Your email or password is incorrect.',
  /**
   * A sign-up that left the browser signed out: the address already has an account. The server
   * answers it as any sign-up (nobody learns who has an account) and mails the address instead.
   */
  signUpCheckEmail: 'We sent a message to this address. If it already has an account, sign in instead.',
  resetLinkSent: 'If an account uses this email, we sent it a link to choose a new password.',
  resetLinkInvalid: 'This link is not valid or has expired.',
  signInRequired: 'Sign in to continue.',
});

/**
 * The email of a sign-in or sign-up form: blank gives `Please enter a valid email`, a malformed
 * address `Emails must be formatted as {email}` (with the example address); null when valid.
 */
export function loginEmailError(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return LOGIN_MESSAGES.enterValidEmail;
  return isValidEmail(email.trim()) ? null : emailsMustBeFormattedMessage();
}

/** A new password's problem, or null. */
export function newPasswordError(password: unknown): string | null {
  if (typeof password !== 'string' || password === '') return ACCOUNT_MESSAGES.enterPassword;
  if (password.length < SITE_USER_PASSWORD.minLength) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > SITE_USER_PASSWORD.maxLength) return ACCOUNT_MESSAGES.passwordTooLong;
  return null;
}
