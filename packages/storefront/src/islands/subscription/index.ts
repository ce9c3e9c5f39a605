// The customer's subscription page (`[data-tessera-island="account"][data-account-form="subscription"]`, page
// pages/subscription-manage.page). The theme renders the subscription; this island adds Cancel
// (asked again before it runs) and Update payment method (the test provider's card number: a
// provider whose card form is its own script plugs its form in here), each outcome told in a live
// region and shown in the page's facts.
import { type SubscriptionAnswer, type SubscriptionApi, createSubscriptionApi } from '../../api/subscription.js';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

/** Shows the subscription's new state in the theme's facts. */
function showState(answer: SubscriptionAnswer): void {
  const method = document.querySelector('.subscription-method');
  if (method) method.textContent = answer.subscription.paymentMethod ?? 'None on file';
  const status = document.querySelector('.subscription-status');
  const words: Record<string, string> = {
    active: 'Active',
    past_due: 'Payment failed: we will try again',
    paused: 'Paused',
    canceled: 'Canceled: it will not renew',
    ended: 'Ended',
  };
  if (status) status.textContent = words[answer.subscription.status] ?? answer.subscription.status;
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
    if (answer.data.renewal === 'paid') say('Your card is saved, and the payment went through.');
    else if (answer.data.renewal === 'failed') say('Your card is saved, but the payment was declined. Try another card.', true);
    else say('Your card is saved: the next payment uses it.');
  });
  return form;
}

export function mount(elements: Element[]): void {
  const api = createSubscriptionApi();
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
    if (cancelable === 'true') root.append(cancelControls(root, api, token, title, say));
  }
}
