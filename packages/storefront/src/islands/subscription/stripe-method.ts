// A Stripe subscription's "Update payment method": the server makes a SetupIntent for the
// subscription's Stripe customer (POST /api/commerce/subscription/payment-method answers its
// secret), Stripe's Payment Element takes the card in setup mode, `confirmSetup` confirms it, and
// the page asks the server to keep it at once (the confirm route; Stripe's webhook keeps it too,
// whichever comes first). Stripe.js is loaded through the loader seam, here only.
import type { TesseraGlobal } from '../../bootstrap.js';
import type { SubscriptionAnswer, SubscriptionApi } from '../../api/subscription.js';
import { siteAppearance } from '../../stripe/appearance.js';
import { loadStripeJs, stripeSettingsOf } from '../../stripe/load.js';
import type { StripeElements, StripeJs, StripeLoader } from '../../stripe/types.js';
import { savedWords, showState } from './words.js';

const UNAVAILABLE = 'The card form could not load. Check your connection, then reload the page.';
const CONFIRM_FAILED = 'Your card could not be saved. Check its details, or use another card.';
const PROCESSING = 'Your bank is still confirming this card: we will use it once it has.';

interface Options {
  readonly api: SubscriptionApi;
  readonly token: string;
  readonly say: (text: string, error?: boolean) => void;
  readonly context: TesseraGlobal['context'] | undefined;
  readonly load?: StripeLoader | undefined;
}

/** The SetupIntent's id, from Stripe's answer or else from its client secret (`seti_…_secret_…`). */
const setupIdOf = (answer: { setupIntent?: { id: string } }, secret: string) => answer.setupIntent?.id ?? secret.split('_secret_')[0]!;

export function stripeMethodForm({ api, token, say, context, load = loadStripeJs }: Options): HTMLElement {
  const form = document.createElement('form');
  form.className = 'subscription-method-form checkout-form';
  form.noValidate = true;
  const heading = document.createElement('h2');
  heading.textContent = 'Update payment method';
  const start = Object.assign(document.createElement('button'), { type: 'button', className: 'button', textContent: 'Change card' });
  const container = document.createElement('div');
  container.className = 'stripe-payment-element';
  container.setAttribute('role', 'group');
  container.setAttribute('aria-label', 'Card details');
  container.hidden = true;
  const save = Object.assign(document.createElement('button'), { type: 'submit', className: 'button', textContent: 'Save card', hidden: true });
  form.append(heading, start, container, save);

  const settings = stripeSettingsOf(context);
  let ready: { stripe: StripeJs; elements: StripeElements; secret: string; destroy: () => void } | null = null;
  // A card Stripe confirmed whose keeping failed (the connection): Save tries the keeping again only.
  let confirmedId: string | null = null;

  const done = (answer: SubscriptionAnswer) => {
    showState(answer);
    const words = savedWords(answer);
    say(words.text, words.error);
    ready?.destroy();
    ready = null;
    confirmedId = null;
    container.hidden = true;
    save.hidden = true;
    start.hidden = false;
    start.focus();
  };

  const keep = async (setupIntentId: string) => {
    const kept = await api.confirmMethod(token, setupIntentId);
    if (kept.ok) return done(kept.data);
    confirmedId = setupIntentId;
    say(kept.message, true);
  };

  start.addEventListener('click', async () => {
    if (!settings) return say(UNAVAILABLE, true);
    start.disabled = true;
    say('Loading the card form…');
    try {
      const asked = await api.updateMethod(token, {});
      if (!asked.ok) return say(asked.message, true);
      const secret = asked.data.clientSecret;
      const stripe = secret ? await load(settings.publishableKey) : null;
      if (!stripe || !secret) return say(UNAVAILABLE, true);
      const elements = stripe.elements({ clientSecret: secret, appearance: siteAppearance(form) });
      const element = elements.create('payment', { layout: 'tabs' });
      container.hidden = false;
      element.mount(container);
      ready = { stripe, elements, secret, destroy: () => element.destroy() };
      start.hidden = true;
      save.hidden = false;
      say('Enter your card, then choose Save card.');
    } catch {
      say(UNAVAILABLE, true);
    } finally {
      start.disabled = false;
    }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!ready || save.disabled) return;
    save.disabled = true;
    try {
      if (confirmedId) return await keep(confirmedId);
      const answer = await ready.stripe.confirmSetup({
        elements: ready.elements,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
      });
      if (answer.error) return say(answer.error.message || CONFIRM_FAILED, true);
      if (answer.setupIntent && answer.setupIntent.status !== 'succeeded') return say(PROCESSING);
      await keep(setupIdOf(answer, ready.secret));
    } catch {
      say(CONFIRM_FAILED, true);
    } finally {
      save.disabled = false;
    }
  });

  // Back from a bank's page (Stripe's redirect to this page's address): keep the card it confirmed.
  const back = new URLSearchParams(window.location.search);
  const returned = back.get('setup_intent');
  if (returned && back.get('redirect_status') === 'succeeded') void keep(returned);
  else if (returned) say(CONFIRM_FAILED, true);
  return form;
}
