// The checkout's stateful half: it reads what is bought (the cart, a subscription's cart, one
// item), checks the form with core's rules, keeps the cart's shipping option and location in step
// (each change recalculated by the server and announced), and places the order with an
// Idempotency-Key made once per attempt: a retry of an attempt whose answer was lost sends the
// same key, so the server never makes a second order (docs/commerce-api.md, "Checkout").
import { checkoutEmailError, fillText, isCardNumber, stripeMethodTypes, validateShippingAddress } from '@tessera/core/cart';
import { SCROLL_DEFAULTS } from '@tessera/core/constants';
import { srcsetFromVariants } from '@tessera/core/image';
import { useEffect, useRef, useState } from 'react';
import { scrollToTarget } from '../../ui/scroll.js';
import type { ApiError } from '@tessera/core/api-client';
import type { CommerceApi } from '../../api/commerce.js';
import type { CheckoutRequest, PlacedOrder, ShippingAddressInput, ShoppingCart } from '../../api/types.js';
import type { DeferredOptions, StripeLoader, StripeSettings } from '../../stripe/types.js';
import { useStripePayment } from './stripe-payment.js';
import type { CartStore } from '../../islands/shared/cart-store.js';
import { useCart } from '../../islands/shared/use-cart.js';
import { type CheckoutValues, CheckoutView, type SummaryLine, type Totals } from './CheckoutView.js';
import type { Purchase } from './purchase.js';
import { useCheckoutWords } from '../words.js';

export interface CheckoutPageProps {
  readonly purchase: Purchase;
  readonly api: CommerceApi;
  /** The visitor's cart, or the subscription's (a store of its own). */
  readonly store: CartStore;
  readonly providers: readonly string[];
  readonly format: (cents: number) => string;
  readonly navigate: (url: string) => void;
  readonly newKey?: () => string;
  /** The site's Stripe settings (null when it does not offer Stripe) and the Stripe.js loader. */
  readonly stripe?: { readonly settings: StripeSettings | null; readonly load: StripeLoader; readonly currency: string; readonly installments?: unknown };
}

const EMPTY_ADDRESS: ShippingAddressInput = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  phone: '',
};

function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Failures whose outcome is unknown, so the same attempt may be retried with its key: no answer, or
 * a server error other than a failed payment (502), may still have placed the order.
 */
const outcomeUnknown = (f: ApiError) => f.network || (f.status >= 500 && f.status !== 502) || f.code === 'CHECKOUT_IN_PROGRESS' || f.status === 429;

function linesOf(cart: ShoppingCart | null): SummaryLine[] {
  return (cart?.entries ?? []).map((e) => ({
    key: e.id,
    title: e.title,
    quantity: e.quantity,
    amountCents: e.subTotalCents,
    imageUrl: e.image?.assetUrl ?? null,
    imageSrcset: e.image ? srcsetFromVariants(e.image.assetUrl, e.image.systemDataVariants) : '',
    detail: Object.entries(e.chosenVariant.attributes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', '),
  }));
}

const METHOD_NAMES: Readonly<Record<string, string>> = { afterpay_clearpay: 'Afterpay/Clearpay', klarna: 'Klarna' };

export function CheckoutPage({ purchase, api, store, providers, format, navigate, newKey = randomKey, stripe }: CheckoutPageProps) {
  const { cart, recalculating } = useCart(store);
  const { T: C, M, checkout: T, checks } = useCheckoutWords();
  const [values, setValues] = useState<CheckoutValues>({
    email: '',
    address: EMPTY_ADDRESS,
    shippingOptionId: '',
    giftCardCode: '',
    provider: providers[0] ?? 'offline',
    cardNumber: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [placing, setPlacing] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // The order placed for a Stripe payment: a failed confirmation is tried again on the same
  // PaymentIntent, never by placing a second order.
  const placedForStripe = useRef<PlacedOrder | null>(null);
  const lastLocation = useRef('');
  const cartToken = purchase.kind === 'subscription' ? purchase.cartToken : undefined;
  const express = purchase.kind === 'express' ? purchase.line : null;

  useEffect(() => {
    // An express purchase leaves the cart alone: only the site's shipping options are read.
    const read = express ? api.cart({ mock: true }) : api.cart({ cartToken });
    void read.then((answer) => {
      if (!answer.ok) return setProblem(M.say(answer.message));
      store.setCart(answer.data);
      const c = answer.data;
      setValues((v) => ({
        ...v,
        shippingOptionId: express ? v.shippingOptionId : (c.selectedShippingOption?.id ?? ''),
        address:
          c.shippingLocation && !express
            ? { ...v.address, country: c.shippingLocation.country, region: c.shippingLocation.region, postalCode: c.shippingLocation.postalCode }
            : v.address,
      }));
    });
  }, []);

  const requiresShipping = express ? express.requiresShipping : (cart?.requiresShipping ?? false);
  const options = cart?.shippingOptions ?? [];
  const lines: SummaryLine[] = express
    ? [
        {
          key: express.itemId,
          title: express.title || T.orderSummary,
          detail: express.variantText,
          quantity: express.quantity,
          amountCents: express.unitPriceCents === null ? null : express.unitPriceCents * express.quantity,
          imageUrl: express.imageUrl,
        },
      ]
    : linesOf(cart);
  const totals: Totals = express
    ? expressTotals(
        lines[0]!.amountCents,
        options.find((o) => o.id === values.shippingOptionId),
        requiresShipping,
      )
    : {
        subtotalCents: cart?.subtotalCents ?? null,
        discountCents: cart?.discountCents ?? 0,
        shippingCents: cart?.selectedShippingOption ? cart.shippingCostCents : null,
        taxCents: cart?.taxCents ?? 0,
        totalCents: cart?.grandTotalCents ?? null,
      };

  const stripeSettings = stripe?.settings && providers.includes('stripe') ? stripe.settings : null;
  const methodTypes = stripeSettings
    ? stripeMethodTypes({
        enabled: stripeSettings.paymentMethods,
        currency: cart?.currency ?? stripe!.currency,
        amountCents: totals.totalCents ?? 0,
        productTypes: express ? [express.productType] : (cart?.entries ?? []).map((e) => e.productType),
        country: (requiresShipping && values.address.country.trim()) || (!express && cart?.shippingLocation?.country) || null,
        installments: stripe!.installments as Parameters<typeof stripeMethodTypes>[0]['installments'],
        subscription: purchase.kind === 'subscription',
      })
    : [];
  const stripeOptions: DeferredOptions | null =
    stripeSettings && totals.totalCents !== null && totals.totalCents > 0
      ? {
          mode: 'payment',
          amount: totals.totalCents,
          currency: (cart?.currency ?? stripe!.currency).toLowerCase(),
          paymentMethodTypes: methodTypes,
          ...(purchase.kind === 'subscription' ? { setupFutureUsage: 'off_session' as const } : {}),
        }
      : null;
  const stripePayment = useStripePayment({
    settings: stripeSettings,
    load: stripe?.load ?? (() => Promise.resolve(null)),
    active: values.provider === 'stripe',
    options: stripeOptions,
  });
  const stripeLabel = [T.payWithCardsAndWallets, ...methodTypes.filter((t) => t !== 'card').map((t) => METHOD_NAMES[t] ?? t)].join(', ');

  // A cart change: written to the cart, recalculated by the server, announced.
  const cartWrite = async (run: () => ReturnType<CommerceApi['setShippingOption']>) => {
    const answer = await store.write(run, (a) => (a.ok ? a.data.shoppingCart : undefined));
    if (answer.ok) setStatus(fillText(C.estimateUpdated, { total: format(answer.data.shoppingCart.grandTotalCents) }));
    else setProblem(M.say(answer.message));
  };

  const onShippingOption = (id: string) => {
    setValues((v) => ({ ...v, shippingOptionId: id }));
    setErrors(({ shippingOptionId: _, ...rest }) => rest);
    if (express) {
      const chosen = options.find((o) => o.id === id);
      const t = expressTotals(lines[0]!.amountCents, chosen, true);
      setStatus(fillText(C.estimateUpdated, { total: t.totalCents === null ? '' : format(t.totalCents) }));
    } else void cartWrite(() => api.setShippingOption(id, cartToken));
  };

  // The tax depends on where the order goes: the location is written when the shopper leaves an address field.
  const onAddressDone = () => {
    if (express) return;
    const { country, region, postalCode } = values.address;
    const key = `${country}|${region}|${postalCode}`;
    if (!/^[A-Za-z]{2}$/.test(country.trim()) || key === lastLocation.current) return;
    lastLocation.current = key;
    void cartWrite(() =>
      api.setShippingLocation({ country: country.trim().toUpperCase(), region: region.trim().toUpperCase(), postalCode: postalCode.trim() }, cartToken),
    );
  };

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const email = checkoutEmailError(values.email);
    if (email) found.email = M.say(email);
    if (requiresShipping) {
      for (const [field, message] of Object.entries(validateShippingAddress(values.address).errors)) found[field] = M.say(message);
      if (options.length > 0 && !values.shippingOptionId) found.shippingOptionId = checks.shippingOptionRequired;
    }
    if (values.provider === 'test' && !isCardNumber(values.cardNumber)) found['payment.cardNumber'] = checks.cardNumberInvalid;
    return found;
  };

  const request = (): CheckoutRequest => ({
    email: values.email.trim(),
    ...(cartToken ? { cartToken } : {}),
    ...(express
      ? { expressCheckout: { itemId: express.itemId, sku: express.sku, quantity: express.quantity, additionalFields: express.additionalFields } }
      : {}),
    ...(requiresShipping ? { shippingAddress: values.address, ...(values.shippingOptionId ? { shippingOptionId: values.shippingOptionId } : {}) } : {}),
    ...(values.giftCardCode.trim() ? { giftCardCode: values.giftCardCode.trim() } : {}),
    payment: { provider: values.provider, ...(values.provider === 'test' ? { cardNumber: values.cardNumber } : {}) },
  });

  /** Places the order (the checkout POST with the attempt's key); null when it was refused, its problems shown. */
  const place = async (body: CheckoutRequest): Promise<PlacedOrder | null> => {
    const text = JSON.stringify(body);
    // Same body after an unknown outcome: the same attempt, the same key. Anything else: a new attempt.
    if (!attempt.current || attempt.current.body !== text) attempt.current = { key: newKey(), body: text };
    setPlacing(true);
    setProblem(null);
    const answer = await api.checkout(body, attempt.current.key);
    if (answer.ok) return answer.data;
    setPlacing(false);
    if (!outcomeUnknown(answer)) attempt.current = null;
    const fieldErrors: Record<string, string> = {};
    for (const [field, message] of Object.entries(answer.fieldErrors)) fieldErrors[field] = M.say(message);
    if (answer.code === 'GIFT_CARD_INVALID' || answer.code === 'GIFT_CARD_EMPTY') fieldErrors.giftCardCode = answer.message;
    if (answer.code === 'PAYMENT_DECLINED') fieldErrors['payment.cardNumber'] = answer.message;
    if (answer.code === 'SHIPPING_OPTION_UNAVAILABLE') fieldErrors.shippingOptionId = answer.message;
    setErrors(fieldErrors);
    setProblem(Object.keys(answer.fieldErrors).length > 0 ? M.updateMissingInformation : M.say(answer.message));
    if (Object.keys(fieldErrors).length > 0) focusFirstError(fieldErrors);
    return null;
  };

  /**
   * Stripe: the element's own checks (`elements.submit`), the order placed once, then the payment
   * confirmed in the browser (3-D Secure, wallets, or a redirect to the pay-later provider, which
   * comes back to the confirmation page); a failed confirmation is shown beside the element and
   * the next try confirms the same PaymentIntent.
   */
  const payWithStripe = async (body: CheckoutRequest) => {
    const loaded = stripePayment.ready();
    if (!loaded) {
      // Nothing to pay (a free order): the server places it paid, with no payment to confirm.
      if (totals.totalCents === 0) {
        const placed = await place(body);
        if (placed) navigate(placed.confirmationUrl);
        return;
      }
      setProblem(stripePayment.state === 'loading' ? T.paymentFormLoading : T.cardPaymentsUnavailable);
      return;
    }
    setPlacing(true);
    setProblem(null);
    stripePayment.setError(null);
    const submitted = await loaded.elements.submit();
    if (submitted.error) {
      // The element shows and announces its own field errors.
      setPlacing(false);
      return;
    }
    const placed = placedForStripe.current ?? (await place(body));
    if (!placed) return;
    placedForStripe.current = placed;
    const clientSecret = placed.payment?.clientSecret;
    if (clientSecret) {
      const result = await loaded.stripe.confirmPayment({
        elements: loaded.elements,
        clientSecret,
        confirmParams: { return_url: new URL(placed.confirmationUrl, window.location.href).href },
        redirect: 'if_required',
      });
      if (result.error) {
        setPlacing(false);
        stripePayment.setError(result.error.message || T.paymentNotCompleted);
        return;
      }
    }
    navigate(placed.confirmationUrl);
  };

  const submit = async () => {
    if (placing) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem(M.updateMissingInformation);
      focusFirstError(found);
      return;
    }
    const body = request();
    if (body.payment.provider === 'stripe') return payWithStripe(body);
    const placed = await place(body);
    if (placed) navigate(placed.confirmationUrl);
  };

  const empty = !express && cart !== null && cart.entries.length === 0;
  if (empty)
    return (
      <p className="notice" role="status">
        {checks.cartEmpty}
      </p>
    );
  return (
    <CheckoutView
      values={values}
      errors={errors}
      requiresShipping={requiresShipping}
      shippingOptions={options}
      providers={providers}
      lines={lines}
      totals={totals}
      format={format}
      placing={placing}
      recalculating={recalculating}
      problem={problem}
      status={status}
      onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
      onAddress={(patch) => setValues((v) => ({ ...v, address: { ...v.address, ...patch } }))}
      onAddressDone={onAddressDone}
      onShippingOption={onShippingOption}
      onSubmit={() => void submit()}
      stripe={stripeSettings ? { label: stripeLabel, state: stripePayment.state, container: stripePayment.container, error: stripePayment.error } : undefined}
    />
  );
}

function expressTotals(subtotal: number | null, option: { priceCents: number; freeOverCents: number | null } | undefined, ships: boolean): Totals {
  const shipping = !ships
    ? 0
    : option
      ? option.freeOverCents !== null && subtotal !== null && subtotal >= option.freeOverCents
        ? 0
        : option.priceCents
      : null;
  return {
    subtotalCents: subtotal,
    discountCents: 0,
    shippingCents: ships ? shipping : 0,
    taxCents: 0,
    totalCents: subtotal === null || shipping === null ? subtotal : subtotal + shipping,
  };
}

/** Field error keys -> the inputs' ids, in the form's order. */
const FIELD_IDS: Record<string, string> = {
  email: 'checkout-email',
  'shippingAddress.firstName': 'checkout-firstName',
  'shippingAddress.lastName': 'checkout-lastName',
  'shippingAddress.address1': 'checkout-address1',
  'shippingAddress.address2': 'checkout-address2',
  'shippingAddress.city': 'checkout-city',
  'shippingAddress.region': 'checkout-region',
  'shippingAddress.postalCode': 'checkout-postalCode',
  'shippingAddress.country': 'checkout-country',
  'shippingAddress.phone': 'checkout-phone',
  shippingOptionId: 'checkout-shipping-first',
  giftCardCode: 'checkout-gift-card',
  'payment.cardNumber': 'checkout-card-number',
};

function focusFirstError(errors: Record<string, string>): void {
  const first = Object.keys(FIELD_IDS).find((k) => k in errors);
  const el =
    first === 'shippingOptionId'
      ? document.querySelector<HTMLElement>('input[name="shippingOptionId"]')
      : first
        ? document.getElementById(FIELD_IDS[first]!)
        : null;
  // After React has drawn the errors: scrolled into view below the sticky header, then focused.
  setTimeout(() => {
    if (!el) return;
    void scrollToTarget(el, { offset: SCROLL_DEFAULTS.offset + (document.querySelector('header')?.getBoundingClientRect().height ?? 0) });
    el.focus({ preventScroll: true });
  }, 0);
}
