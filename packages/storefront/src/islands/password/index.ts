// Entry of the password island: the lock screen (103) and a protected page (105). The password goes
// to POST /api/site-password/unlock (with the collection of a protected page); the right one unlocks
// for the browser session and the page reloads with its content; a wrong one, or too many, says so.
import type { TesseraGlobal } from '../../bootstrap.js';
import { createAccountApi, failureMessage, type AccountApi } from '../../api/account.js';
import { ACCOUNT_UI } from '../account/messages.js';

export function enhancePasswordForm(form: HTMLFormElement, api: AccountApi, reload: () => void): void {
  const input = form.querySelector<HTMLInputElement>('input[name=password]');
  const error = form.querySelector<HTMLElement>('.field-error');
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  // The theme disables the button until this island answers the form (no submit posts to the page before it).
  if (button) button.disabled = false;
  const show = (message: string | null) => {
    if (error) {
      error.textContent = message ?? '';
      error.hidden = !message;
    }
    if (input) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  };
  form.dataset.tesseraMounted = 'password';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const password = input?.value ?? '';
    if (password === '') return show('Enter the password.');
    show(null);
    if (button) button.disabled = true;
    const collectionId = form.dataset.collectionId || undefined;
    api
      .unlock(password, collectionId)
      .then((answer) => {
        if (answer.status === 200) return reload();
        show(failureMessage(answer, ACCOUNT_UI));
        input?.select();
      })
      .finally(() => {
        if (button) button.disabled = false;
      });
  });
}

export function mount(elements: Element[], tessera: Pick<TesseraGlobal, 'crumb'>, reload: () => void = () => window.location.reload()): void {
  const api = createAccountApi({ crumb: tessera.crumb });
  for (const element of elements) if (element instanceof HTMLFormElement) enhancePasswordForm(element, api, reload);
}
