// The part of Stripe.js that Tessera uses, as Stripe documents it (Elements in deferred mode: the
// Payment Element and the Express Checkout Element, `confirmPayment`; Elements with a SetupIntent's
// secret and `confirmSetup` for a subscription's new card). Narrow on purpose: the
// islands and their tests (which hand in a stand-in) agree on these few calls only.

/** `storeSettings.stripe` of the page's context: present only on a site that offers Stripe. */
export interface StripeSettings {
  readonly publishableKey: string;
  readonly testMode: boolean;
  readonly paymentMethods: readonly string[];
  readonly expressCheckout: boolean;
}

export interface StripeError {
  readonly type?: string;
  readonly code?: string;
  readonly message?: string;
}

/** Elements' options in deferred mode: the PaymentIntent is made by the server when the order is placed. */
export interface DeferredOptions {
  readonly mode: 'payment';
  readonly amount: number;
  readonly currency: string;
  readonly paymentMethodTypes?: readonly string[];
  readonly setupFutureUsage?: 'off_session';
  readonly appearance?: Record<string, unknown>;
  readonly locale?: string;
}

/** Elements for a SetupIntent the server made (a subscription's new card): its client secret. */
export interface SetupOptions {
  readonly clientSecret: string;
  readonly appearance?: Record<string, unknown>;
  readonly locale?: string;
}

interface StripeElement {
  mount(target: HTMLElement): void;
  // Each event has its own shape (Stripe's documentation); the islands type the ones they handle.
  // biome-ignore lint/suspicious/noExplicitAny: the handler's event differs per event name
  on(event: string, handler: (event: any) => void): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment' | 'expressCheckout', options?: Record<string, unknown>): StripeElement;
  update(options: Partial<DeferredOptions>): void;
  submit(): Promise<{ error?: StripeError }>;
}

export interface ConfirmPaymentRequest {
  readonly elements: StripeElements;
  readonly clientSecret: string;
  readonly confirmParams: { readonly return_url: string };
  readonly redirect: 'if_required';
}

export interface ConfirmSetupRequest {
  readonly elements: StripeElements;
  readonly confirmParams: { readonly return_url: string };
  readonly redirect: 'if_required';
}

export interface StripeJs {
  elements(options: DeferredOptions | SetupOptions): StripeElements;
  confirmSetup(request: ConfirmSetupRequest): Promise<{ error?: StripeError; setupIntent?: { id: string; status: string } }>;
  confirmPayment(request: ConfirmPaymentRequest): Promise<{ error?: StripeError; paymentIntent?: { status: string } }>;
}

/** Loads Stripe.js for a publishable key; rejects or resolves null when it cannot be loaded. */
export type StripeLoader = (publishableKey: string) => Promise<StripeJs | null>;
