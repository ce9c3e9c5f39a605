// The Payment Element of the checkout: Stripe.js loaded when the shopper picks Stripe, Elements made
// in deferred mode (the PaymentIntent is made by the server when the order is placed) with the
// amount due and the method types core's stripeMethodTypes offers for this purchase, kept in step
// (`elements.update`) when the total or the shopper's country changes.
import { useEffect, useRef, useState } from 'react';
import { siteAppearance } from '../../stripe/appearance.js';
import type { DeferredOptions, StripeElements, StripeJs, StripeLoader, StripeSettings } from '../../stripe/types.js';

type StripeFormState = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface StripePaymentInput {
  readonly settings: StripeSettings | null;
  readonly load: StripeLoader;
  /** The shopper picked Stripe: load and mount (once). */
  readonly active: boolean;
  /** The deferred options for the current total and country; null until the amount is known. */
  readonly options: DeferredOptions | null;
}

export interface StripePayment {
  readonly state: StripeFormState;
  readonly container: React.RefObject<HTMLDivElement | null>;
  /** Stripe's message of the last failed confirmation (a declined card, a failed authentication). */
  readonly error: string | null;
  setError(message: string | null): void;
  /** The loaded Stripe object and its Elements, once the element is mounted. */
  ready(): { stripe: StripeJs; elements: StripeElements } | null;
}

const sameOptions = (a: DeferredOptions, b: DeferredOptions) =>
  a.amount === b.amount &&
  a.currency === b.currency &&
  a.setupFutureUsage === b.setupFutureUsage &&
  a.paymentMethodTypes?.join() === b.paymentMethodTypes?.join();

export function useStripePayment({ settings, load, active, options }: StripePaymentInput): StripePayment {
  const [state, setState] = useState<StripeFormState>('idle');
  const [error, setError] = useState<string | null>(null);
  const container = useRef<HTMLDivElement | null>(null);
  const loaded = useRef<{ stripe: StripeJs; elements: StripeElements; options: DeferredOptions } | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!settings || !active || !options || state !== 'idle') return;
    setState('loading');
    let stripePromise: Promise<StripeJs | null>;
    try {
      stripePromise = load(settings.publishableKey);
    } catch {
      stripePromise = Promise.resolve(null);
    }
    void stripePromise
      .then((stripe) => {
        const target = container.current;
        const current = latest.current;
        if (!stripe || !target || !current) return setState('unavailable');
        const elements = stripe.elements({ ...current, appearance: siteAppearance(target.closest('form')) });
        const element = elements.create('payment', { layout: 'tabs' });
        element.mount(target);
        loaded.current = { stripe, elements, options: current };
        setState('ready');
      })
      .catch(() => setState('unavailable'));
  }, [settings, active, options, state, load]);

  // A new total or country after the element is made: Elements are told, never made again.
  useEffect(() => {
    const l = loaded.current;
    if (!l || !options || sameOptions(l.options, options)) return;
    l.elements.update({
      amount: options.amount,
      currency: options.currency,
      paymentMethodTypes: options.paymentMethodTypes,
      ...(options.setupFutureUsage ? { setupFutureUsage: options.setupFutureUsage } : {}),
    });
    loaded.current = { ...l, options };
  }, [options]);

  return {
    state,
    container,
    error,
    setError,
    ready: () => (loaded.current ? { stripe: loaded.current.stripe, elements: loaded.current.elements } : null),
  };
}
