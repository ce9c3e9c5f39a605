import { EDITOR_VALIDATION_MESSAGES, isValidEmail } from '@tessera/core';
import { AppError } from '../../errors.js';
import type { FormSettings } from './settings.js';

/** Messages of a form's settings that the spec does not give. */
const SETTINGS_MESSAGES = {
  version: 'Send the version the settings were read with.',
  yesOrNo: 'Choose yes or no.',
  nowhere: 'Keep the submissions or mail them: otherwise they are lost.',
  noAddress: 'Enter an address to mail submissions to: the site has no owner address.',
} as const;

const MAX_EMAIL = 254;

/**
 * Where a form's submissions go, checked field by field: the three switches and `notifyEmail` (an
 * address, or empty or null for the site's owner address). Settings that would lose every submission
 * are refused, once everything else in `errors` is right. Errors are keyed `<prefix><name>`: the settings
 * page and the form builder share this check.
 */
export function checkFormSettings(
  body: Readonly<Record<string, unknown>>,
  ownerEmail: string | null,
  errors: Record<string, string>,
  prefix = '',
): FormSettings {
  const flag = (name: 'storeSubmissions' | 'notifyOwner' | 'addToMailingList') => {
    if (typeof body[name] !== 'boolean') errors[prefix + name] = SETTINGS_MESSAGES.yesOrNo;
    return body[name] === true;
  };
  const storeSubmissions = flag('storeSubmissions');
  const notifyOwner = flag('notifyOwner');
  const addToMailingList = flag('addToMailingList');
  const email = body.notifyEmail;
  const notifyEmail = typeof email === 'string' && email.trim() !== '' ? email.trim() : null;
  if (email !== undefined && email !== null && typeof email !== 'string') errors[`${prefix}notifyEmail`] = EDITOR_VALIDATION_MESSAGES.enterValidEmail;
  else if (notifyEmail !== null && (notifyEmail.length > MAX_EMAIL || !isValidEmail(notifyEmail)))
    errors[`${prefix}notifyEmail`] = EDITOR_VALIDATION_MESSAGES.enterValidEmail;
  if (Object.keys(errors).length === 0 && !storeSubmissions) {
    if (!notifyOwner) errors[`${prefix}storeSubmissions`] = SETTINGS_MESSAGES.nowhere;
    else if (!notifyEmail && !ownerEmail) errors[`${prefix}notifyEmail`] = SETTINGS_MESSAGES.noAddress;
  }
  return { storeSubmissions, notifyOwner, notifyEmail, addToMailingList };
}

/** The body of `PUT /api/owner/forms/:formId/settings`: `version` and the settings. */
export function checkSettingsBody(raw: unknown, ownerEmail: string | null): { version: string; settings: FormSettings } {
  const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const version = typeof body.version === 'string' && body.version.length > 0 && body.version.length <= 100 ? body.version : '';
  if (!version) errors.version = SETTINGS_MESSAGES.version;
  const settings = checkFormSettings(body, ownerEmail, errors);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  return { version, settings };
}
