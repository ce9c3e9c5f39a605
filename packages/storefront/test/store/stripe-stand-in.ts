// A stand-in for Stripe.js (the only double the islands' tests use for Stripe): it keeps what the
// page asked of it (Elements' options and updates, the elements made and mounted, the submits and
// confirmations, in order) and answers with what the test queues; the express element's events
// are fired by the test as a wallet would.
import type { ConfirmPaymentRequest, ConfirmSetupRequest, DeferredOptions, SetupOptions, StripeError, StripeJs, StripeLoader } from '../../src/stripe/types.js';

type Handler = (event: any) => void;

interface StandInElement {
  readonly type: string;
  readonly options: Record<string, unknown> | undefined;
  mountedIn: HTMLElement | null;
  readonly handlers: Map<string, Handler>;
  destroyed: boolean;
  /** Fires one of the element's events as Stripe.js would. */
  fire(event: string, detail?: Record<string, unknown>): void;
}

export function stripeStandIn() {
  const log: string[] = [];
  const created: (DeferredOptions | SetupOptions)[] = [];
  const updates: Partial<DeferredOptions>[] = [];
  const elementsMade: StandInElement[] = [];
  const confirmations: ConfirmPaymentRequest[] = [];
  const submitAnswers: { error?: StripeError }[] = [];
  const confirmAnswers: { error?: StripeError }[] = [];
  const setups: ConfirmSetupRequest[] = [];
  const setupAnswers: { error?: StripeError; setupIntent?: { id: string; status: string } }[] = [];
  const stripe: StripeJs = {
    elements(options) {
      created.push(options);
      log.push('elements');
      return {
        create(type, options) {
          const element: StandInElement = {
            type,
            options,
            mountedIn: null,
            handlers: new Map(),
            destroyed: false,
            fire(event, detail = {}) {
              element.handlers.get(event)?.({ elementType: type, ...detail });
            },
          };
          elementsMade.push(element);
          return {
            mount(target) {
              element.mountedIn = target;
              log.push(`mount ${type}`);
            },
            on(event, handler) {
              element.handlers.set(event, handler);
            },
            destroy() {
              element.destroyed = true;
            },
          };
        },
        update(options) {
          updates.push(options);
          log.push('update');
        },
        async submit() {
          log.push('submit');
          return submitAnswers.shift() ?? {};
        },
      };
    },
    async confirmPayment(request) {
      confirmations.push(request);
      log.push(`confirm ${request.clientSecret}`);
      return confirmAnswers.shift() ?? { paymentIntent: { status: 'succeeded' } };
    },
    async confirmSetup(request) {
      setups.push(request);
      log.push('confirmSetup');
      return setupAnswers.shift() ?? { setupIntent: { id: 'seti_standin', status: 'succeeded' } };
    },
  };
  const keys: string[] = [];
  const load: StripeLoader = async (key) => {
    keys.push(key);
    return stripe;
  };
  return { stripe, load, keys, log, created, updates, elementsMade, confirmations, submitAnswers, confirmAnswers, setups, setupAnswers };
}

export type StripeStandIn = ReturnType<typeof stripeStandIn>;

export const STRIPE_SETTINGS = { publishableKey: 'pk_test_standin', testMode: true, paymentMethods: ['afterpay_clearpay'], expressCheckout: true };
