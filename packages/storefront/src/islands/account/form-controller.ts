// The theme's account forms (sign in, sign up, password reset), enhanced in place: the island reads
// the form's fields, checks them with @tessera/core's rules and exact messages, calls the API and
// shows field errors in the theme's `.field-error` paragraphs, or the problem above the form.
import { loginEmailError, newPasswordError, ACCOUNT_MESSAGES } from '@tessera/core/validation';
import type { ApiResult } from '@tessera/core/api-client';
import { failureMessage, type AccountApi } from '../../api/account.js';
import { ACCOUNT_UI } from './messages.js';

export type AccountFormKind = 'sign-in' | 'sign-up' | 'reset-request' | 'reset-confirm';

interface FormValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  rememberMe: boolean;
}

/** The field errors of a form before it is sent (the server checks the same again). */
function validateAccountForm(kind: AccountFormKind, v: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (kind !== 'reset-confirm') {
    const email = loginEmailError(v.email);
    if (email) errors.email = email;
  }
  if (kind === 'sign-in' && v.password === '') errors.password = ACCOUNT_MESSAGES.enterPassword;
  if (kind === 'sign-up' || kind === 'reset-confirm') {
    const password = newPasswordError(v.password);
    if (password) errors.password = password;
  }
  return errors;
}

function valuesOf(form: HTMLFormElement): FormValues {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  return {
    email: field('email')?.value.trim() ?? '',
    password: field('password')?.value ?? '',
    firstName: field('firstName')?.value.trim() ?? '',
    lastName: field('lastName')?.value.trim() ?? '',
    rememberMe: field('rememberMe')?.checked ?? false,
  };
}

/** Shows each field's error under it (and marks the input invalid), and the form's problem on top. */
function showErrors(form: HTMLFormElement, errors: Record<string, string>, problem: string | null): void {
  for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[name]'))) {
    const message = errors[input.name];
    const paragraph = input.closest('.form-field')?.querySelector<HTMLElement>('.field-error');
    if (paragraph) {
      paragraph.textContent = message ?? '';
      paragraph.hidden = !message;
      if (message) {
        paragraph.id ||= `${input.id || input.name}-error`;
        input.setAttribute('aria-describedby', paragraph.id);
      }
    }
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  const banner = form.querySelector<HTMLElement>('.form-problems');
  if (banner) {
    banner.textContent = problem ?? '';
    banner.hidden = !problem;
  }
  const first = Object.keys(errors)[0];
  if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
}

/** A safe place to go after signing in: a path of this site. */
function nextPath(raw: string | undefined, fallback = '/account'): string {
  return raw && /^\/(?!\/)/.test(raw) ? raw : fallback;
}

export interface EnhanceOptions {
  readonly api: AccountApi;
  readonly go: (url: string) => void;
}

export function enhanceAccountForm(form: HTMLFormElement, kind: AccountFormKind, { api, go }: EnhanceOptions): void {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const values = valuesOf(form);
      const errors = validateAccountForm(kind, values);
      if (Object.keys(errors).length > 0) return showErrors(form, errors, null);
      showErrors(form, {}, null);
      if (button) button.disabled = true;
      let answer: ApiResult<unknown>;
      if (kind === 'sign-in') answer = await api.signIn(values.email, values.password, values.rememberMe);
      else if (kind === 'sign-up') answer = await api.signUp({ ...values });
      else if (kind === 'reset-request') answer = await api.requestReset(values.email);
      else answer = await api.confirmReset(form.dataset.token ?? '', values.password);
      if (button) button.disabled = false;
      if (answer.ok) {
        if (kind === 'reset-request') {
          const success = form.querySelector<HTMLElement>('.form-success');
          if (success) {
            success.textContent = ACCOUNT_MESSAGES.resetLinkSent;
            success.hidden = false;
          }
          form.reset();
          return;
        }
        // A sign-up with an address that has an account is answered alike but signs nobody in.
        if (kind === 'sign-up' && !(await api.confirmSignUp().catch(() => false))) {
          showErrors(form, {}, ACCOUNT_MESSAGES.signUpCheckEmail);
          return;
        }
        go(nextPath(form.dataset.next));
        return;
      }
      if (answer.status === 400 && Object.keys(answer.fieldErrors).length > 0) return showErrors(form, { ...answer.fieldErrors }, null);
      showErrors(form, {}, failureMessage(answer, ACCOUNT_UI));
    })();
  });
}
