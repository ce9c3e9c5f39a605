// Entry of the account island: the theme's account forms (data-account-form = sign-in, sign-up,
// reset-request, reset-confirm), the account page's devices (account) and its sign-out form, and a
// customer's subscription page (subscription: its own chunk, loaded there only).
import type { TesseraGlobal } from '../../bootstrap.js';
import { createAccountApi, failureMessage, type AccountApi } from '../../api/account.js';
import { enhanceAccountForm, type AccountFormKind } from './form-controller.js';
import { ACCOUNT_UI } from './messages.js';

const FORMS: ReadonlySet<string> = new Set(['sign-in', 'sign-up', 'reset-request', 'reset-confirm']);

/** Signing out: the member's choice to keep a copy of the cart on this device (cloneCart), then the home page. */
export function enhanceSignOut(form: HTMLFormElement, api: AccountApi, go: (url: string) => void): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const cloneCart = (form.elements.namedItem('cloneCart') as HTMLInputElement | null)?.checked ?? false;
    const error = form.querySelector<HTMLElement>('.field-error');
    void api.signOut(cloneCart).then((answer) => {
      if (answer.status === 200) return go('/');
      if (error) {
        error.textContent = failureMessage(answer, ACCOUNT_UI);
        error.hidden = false;
      }
    });
  });
}

export function mount(
  elements: Element[],
  tessera: Pick<TesseraGlobal, 'crumb' | 'context'>,
  go: (url: string) => void = (url) => window.location.assign(url),
): void {
  const api = createAccountApi({ crumb: tessera.crumb });
  for (const element of elements) {
    const kind = (element as HTMLElement).dataset.accountForm ?? '';
    if (FORMS.has(kind) && element instanceof HTMLFormElement) enhanceAccountForm(element, kind as AccountFormKind, { api, go });
    else if (kind === 'sign-out' && element instanceof HTMLFormElement) enhanceSignOut(element, api, go);
    else if (kind === 'account')
      void import('./sessions.js').then((m) => m.mountSessions(element as HTMLElement, api, tessera.context?.language ?? 'en-US', tessera.context?.timeZone));
    else if (kind === 'subscription') void import('../subscription/index.js').then((m) => m.mount([element], { context: tessera.context }));
  }
}
