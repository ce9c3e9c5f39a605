import { isValidEmail } from './email.js';
import { RESTOCK_MESSAGES } from './messages.js';

export interface RestockSignupInput {
  readonly siteVisitorEmail?: unknown;
  readonly captchaToken?: unknown;
}

/**
 * Validates a restock signup: blank email, then invalid email, then a missing captcha token
 * when a captcha is shown. Returns the message, or null when the signup may be sent.
 */
export function validateRestockSignup(input: RestockSignupInput, options: { readonly captchaRequired?: boolean } = {}): string | null {
  const email = typeof input.siteVisitorEmail === 'string' ? input.siteVisitorEmail.trim() : '';
  if (email === '') return RESTOCK_MESSAGES.emailBlank;
  if (!isValidEmail(email)) return RESTOCK_MESSAGES.emailInvalid;
  if (options.captchaRequired && (typeof input.captchaToken !== 'string' || input.captchaToken === '')) {
    return RESTOCK_MESSAGES.captchaRequired;
  }
  return null;
}

/** The restock success text: the site's own text when configured, else `Signed up!`. */
export function restockSuccessText(customText?: unknown): string {
  return typeof customText === 'string' && customText.trim() !== '' ? customText : RESTOCK_MESSAGES.signedUp;
}
