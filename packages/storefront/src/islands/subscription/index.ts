// The customer's subscription page (`[data-tessera-island="account"][data-account-form="subscription"]`, page
// pages/subscription-manage.page). The theme renders the subscription; this island adds Cancel
// (asked again before it runs) and Update payment method (the test provider's card number, or
// Stripe's Payment Element in setup mode: stripe-method.ts, its own chunk), each outcome told in a
// live region and shown in the page's facts.
import type { TesseraGlobal } from '../../bootstrap.js';
import { type SubscriptionApi, createSubscriptionApi } from '../../api/subscription.js';
import type { StripeLoader } from '../../stripe/types.js';
import { savedWords, showState } from './words.js';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function cancelControls(root: HTMLElement, api: SubscriptionApi, token: string, title: string, say: (text: string, error?: boolean) => void): HTMLElement {
  const box = el('div', { className: 'subscription-cancel' });
  const open = el('button', { type: 'button', className: 'button button--secondary', textContent: 'Cancel subscription' });
  const confirm = el('div', { className: 'subscription-confirm', hidden: true });
  confirm.setAttribute('role', 'group');
  confirm.setAttribute('aria-label', 'Cancel subscription');
  const yes = el('button', { type: 'button', className: 'button', textContent: 'Yes, cancel it' });
  const no = el('button', { type: 'button', className: 'button button--secondary', textContent: 'Keep it' });
  confirm.append(
    el('p', { textContent: `Cancel ${title}? It will not renew. What you paid for runs to the end of its period.` }),
    el('div', { className: 'form-actions' }, yes, no),
  );
  const close = () => {
    confirm.hidden = true;
    open.hidden = false;
    open.focus();
  };
  open.addEventListener('click', () => {
    open.hidden = true;
    confirm.hidden = false;
    yes.focus();
  });
  no.addEventListener('click', close);
  confirm.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  yes.addEventListener('click', async () => {
    yes.disabled = true;
    const answer = await api.cancel(token);
    yes.disabled = false;
    if (!answer.ok) {
      close();
      return say(answer.message, true);
    }
    showState(answer.data);
    root.querySelector('.subscription-method-form')?.remove();
    box.remove();
    say('Your subscription is canceled: it will not renew. We have emailed you.');
  });
  box.append(open, confirm);
  return box;
}

function methodForm(api: SubscriptionApi, token: string, say: (text: string, error?: boolean) => void): HTMLFormElement {
  const form = el('form', { className: 'subscription-method-form checkout-form', noValidate: true });
  const input = el('input', {
    id: 'subscription-card-number',
    name: 'cardNumber',
    type: 'text',
    autocomplete: 'cc-number',
    inputMode: 'numeric',
    required: true,
  });
  const error = el('p', { id: 'subscription-card-number-error', className: 'field-error', hidden: true });
  const submit = el('button', { type: 'submit', className: 'button', textContent: 'Save card' });
  form.append(el('h2', { textContent: 'Update payment method' }), el('label', { htmlFor: input.id, textContent: 'Card number' }), input, error, submit);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    const answer = await api.updateMethod(token, { cardNumber: input.value });
    submit.disabled = false;
    const fieldError = answer.ok ? undefined : answer.fieldErrors?.['payment.cardNumber'];
    error.textContent = fieldError ?? '';
    error.hidden = !fieldError;
    if (fieldError) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
      input.focus();
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
    if (!answer.ok) return say(fieldError ? 'Check the card number.' : answer.message, true);
    showState(answer.data);
    input.value = '';
    const words = savedWords(answer.data);
    say(words.text, words.error);
  });
  return form;
}

/** What the page may hand in: its context (Stripe's settings) and, in tests, a stand-in Stripe.js loader. */
export interface SubscriptionMountOptions {
  readonly context?: TesseraGlobal['context'];
  readonly load?: StripeLoader;
  readonly api?: SubscriptionApi;
}

export function mount(elements: Element[], options: SubscriptionMountOptions = {}): Promise<void> {
  const api = options.api ?? createSubscriptionApi();
  const pending: Promise<void>[] = [];
  for (const element of elements) {
    const root = element as HTMLElement;
    const { token = '', title = '', cancelable, methodUpdatable, provider } = root.dataset;
    const status = el('p', { className: 'subscription-status-message' });
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    const say = (text: string, isError = false) => {
      status.textContent = text;
      status.classList.toggle('field-error', isError);
    };
    root.append(status);
    // The test provider's card form; another provider's own form would take its place.
    if (methodUpdatable === 'true' && provider === 'test') root.append(methodForm(api, token, say));
    if (methodUpdatable === 'true' && provider === 'stripe') {
      // Stripe's form: its code (and Stripe.js) fetched only for a Stripe subscription.
      const slot = el('div');
      root.append(slot);
      pending.push(
        import('./stripe-method.js').then((m) => slot.replaceWith(m.stripeMethodForm({ api, token, say, context: options.context, load: options.load }))),
      );
    }
    if (cancelable === 'true') root.append(cancelControls(root, api, token, title, say));
  }
  return Promise.all(pending).then(() => undefined);
}
