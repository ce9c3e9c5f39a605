import { EMAIL_FORMAT_EXAMPLE } from './email.js';

/** Site form messages (storefront.md sections 5 and 8), verbatim. */
export const FORM_MESSAGES = Object.freeze({
  emailNotValid: 'Email is not valid. Email addresses should follow the format {email}.',
  characterLimit: 'You have exceeded the character limit.',
  fieldsInvalid: 'One or more fields is invalid, please check your entries.',
  captchaRequired: 'Complete CAPTCHA before submitting.',
  required: 'Required',
  processingError: 'Error processing form submission. Please reload and try again.',
  unknownError: 'Unknown error, please try again later.',
  submissionKeyFailed: 'Could not get a form submission key, please try again later.',
  parseFieldsFailed: 'Could not parse the form fields, please check your entries.',
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  status401: 'Unable to submit form. Please try again later.',
  status404: 'This form has not been configured yet.',
  status429: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  status500: 'Unable to send form. Please try again later.',
  submitting: 'Submitting\u2026',
  saving: 'Saving\u2026',
  // Not worded by the spec: Tessera's texts for field kinds it names without a message.
  invalidNumber: 'Please enter a valid number.',
  invalidAmount: 'Please enter a valid amount.',
  invalidWebsite: 'Please enter a valid website address.',
  invalidDate: 'Please enter a valid date.',
  invalidTime: 'Please enter a valid time.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidCountry: 'Please enter a two-letter country code.',
  unknownField: 'This field is not part of the form.',
  disclaimerRequired: 'Please agree to the disclaimer before submitting.',
});

/** `Email is not valid. Email addresses should follow the format {email}.` */
export function emailNotValidMessage(example: string = EMAIL_FORMAT_EXAMPLE): string {
  return FORM_MESSAGES.emailNotValid.replace('{email}', () => example);
}

/**
 * The client message for a failed submission by HTTP status: 401, 404, 429 and 500 have
 * their own; any other shows the server's text, else the unknown error.
 */
export function siteFormErrorMessage(status: number, serverText?: string): string {
  switch (status) {
    case 401:
      return FORM_MESSAGES.status401;
    case 404:
      return FORM_MESSAGES.status404;
    case 429:
      return FORM_MESSAGES.status429;
    case 500:
      return FORM_MESSAGES.status500;
    default:
      return serverText && serverText.trim() !== '' ? serverText : FORM_MESSAGES.unknownError;
  }
}

/** Restock signup messages (storefront.md sections 5 and 8). */
export const RESTOCK_MESSAGES = Object.freeze({
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaRequired: 'Complete CAPTCHA before submitting.',
  /** Success text unless the site configures its own. */
  signedUp: 'Signed up!',
});

/** Visitor login messages. */
export const LOGIN_MESSAGES = Object.freeze({
  enterValidEmail: 'Please enter a valid email',
  emailsMustBeFormatted: 'Emails must be formatted as {email}',
});

/** `Emails must be formatted as {email}` */
export function emailsMustBeFormattedMessage(example: string = EMAIL_FORMAT_EXAMPLE): string {
  return LOGIN_MESSAGES.emailsMustBeFormatted.replace('{email}', () => example);
}

/** Editor validation messages (platform.md section 5), with their placeholders. */
export const EDITOR_VALIDATION_MESSAGES = Object.freeze({
  enterValidEmail: 'Please enter a valid email',
  emailsMustBeFormatted: 'Emails must be formatted as {email}',
  linksMustBeFormatted: 'Links must be formatted as {host} or {host}',
  enterFileName: 'Please enter a file name',
  notValidPageUrl: '{val} is not a valid page URL',
  notExpectedOption: '{val} is not one of the expected options',
  tagExists: 'This {tagType} already exists',
  editOneTag: 'You may only edit one {tagType} at a time',
  listRequired: 'A List must be selected',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  rowsMissingData: 'One or more rows was missing data.',
});

/** Fills `{name}` placeholders; an unknown placeholder stays as it is. */
export function fillMessage(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
