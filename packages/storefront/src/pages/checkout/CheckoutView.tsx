// The checkout form, drawn from props only: contact, the shipping address and option when
// something ships, a gift card code, the payment, the order summary, the problems and the status.
// Field errors are keyed as the API keys them (`email`, `shippingAddress.city`, `payment.cardNumber`).
import { fillText } from '@tessera/core/cart';
import type { ReactNode } from 'react';
import type { ShippingAddressInput, ShippingOption } from '../../api/types.js';
import { useCheckoutWords } from '../words.js';

export interface SummaryLine {
  readonly key: string;
  readonly title: string;
  readonly detail: string;
  readonly quantity: number;
  readonly amountCents: number | null;
  readonly imageUrl: string | null;
  /** The image's srcset, when the image service made its widths. */
  readonly imageSrcset?: string;
}

export interface CheckoutValues {
  readonly email: string;
  readonly address: ShippingAddressInput;
  readonly shippingOptionId: string;
  readonly giftCardCode: string;
  readonly provider: string;
  readonly cardNumber: string;
}

export interface Totals {
  readonly subtotalCents: number | null;
  readonly discountCents: number;
  readonly shippingCents: number | null;
  readonly taxCents: number;
  readonly totalCents: number | null;
}

export interface CheckoutViewProps {
  readonly values: CheckoutValues;
  readonly errors: Readonly<Record<string, string>>;
  readonly requiresShipping: boolean;
  readonly shippingOptions: readonly ShippingOption[];
  readonly providers: readonly string[];
  readonly lines: readonly SummaryLine[];
  readonly totals: Totals;
  readonly format: (cents: number) => string;
  readonly placing: boolean;
  readonly recalculating: boolean;
  readonly problem: string | null;
  readonly status: string;
  readonly onChange: (patch: Partial<CheckoutValues>) => void;
  readonly onAddress: (patch: Partial<ShippingAddressInput>) => void;
  readonly onAddressDone: () => void;
  readonly onShippingOption: (id: string) => void;
  readonly onSubmit: () => void;
  /** Stripe's payment form, on a site that offers it: the radio's label, the form's state, its container and Stripe's last error. */
  readonly stripe?: {
    readonly label: string;
    readonly state: 'idle' | 'loading' | 'ready' | 'unavailable';
    readonly container: React.RefObject<HTMLDivElement | null>;
    readonly error: string | null;
  };
}

function TextField({
  id,
  name,
  label,
  value,
  error,
  onChange,
  onBlur,
  ...rest
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  maxLength?: number;
  required?: boolean;
  spellCheck?: boolean;
}) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-label" htmlFor={id}>
        {label}
        {rest.required && (
          <span className="form-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={name}
        className="form-input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckoutView(p: CheckoutViewProps) {
  const { values, errors, format } = p;
  const words = useCheckoutWords();
  const T = { ...words.T, ...words.checkout };
  const providerLabels: Record<string, string> = { offline: T.payOffline, test: T.payByCard, ...(p.stripe ? { stripe: p.stripe.label } : {}) };
  const a = values.address;
  const addr = (name: keyof ShippingAddressInput, label: string, extra: Record<string, unknown> = {}): ReactNode => (
    <TextField
      id={`checkout-${name}`}
      name={name}
      label={label}
      value={a[name]}
      error={errors[`shippingAddress.${name}`]}
      onChange={(v) => p.onAddress({ [name]: v })}
      onBlur={p.onAddressDone}
      {...extra}
    />
  );
  const money = (cents: number | null) => (cents === null ? '—' : format(cents));
  return (
    <form
      className="checkout-form"
      noValidate
      aria-busy={p.placing || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {p.status}
      </p>
      <div className="checkout-layout">
        <div className="checkout-fields">
          <fieldset className="checkout-section">
            <legend className="checkout-section__title">{T.contact}</legend>
            <TextField
              id="checkout-email"
              name="email"
              label={T.email}
              type="email"
              autoComplete="email"
              spellCheck={false}
              required
              value={values.email}
              error={errors.email}
              onChange={(email) => p.onChange({ email })}
            />
          </fieldset>
          {p.requiresShipping && (
            <fieldset className="checkout-section">
              <legend className="checkout-section__title">{T.shippingAddress}</legend>
              <div className="form-parts form-parts--2">
                {addr('firstName', T.firstName, { autoComplete: 'given-name', required: true })}
                {addr('lastName', T.lastName, { autoComplete: 'family-name', required: true })}
              </div>
              {addr('address1', T.address1, { autoComplete: 'address-line1', required: true })}
              {addr('address2', T.address2, { autoComplete: 'address-line2' })}
              <div className="form-parts form-parts--2">
                {addr('city', T.city, { autoComplete: 'address-level2', required: true })}
                {addr('region', T.region, { autoComplete: 'address-level1' })}
              </div>
              <div className="form-parts form-parts--2">
                {addr('postalCode', T.postalCode, { autoComplete: 'postal-code', required: true })}
                {addr('country', T.country, { autoComplete: 'country', maxLength: 2, required: true })}
              </div>
              {addr('phone', T.phone, { type: 'tel', autoComplete: 'tel' })}
            </fieldset>
          )}
          {p.requiresShipping && p.shippingOptions.length > 0 && (
            <fieldset className="checkout-section" aria-describedby={errors.shippingOptionId ? 'checkout-shipping-error' : undefined}>
              <legend className="checkout-section__title">{T.shippingOption}</legend>
              <div className="choice-list">
                {p.shippingOptions.map((o) => (
                  <label className="choice" key={o.id}>
                    <input
                      type="radio"
                      name="shippingOptionId"
                      value={o.id}
                      checked={values.shippingOptionId === o.id}
                      onChange={() => p.onShippingOption(o.id)}
                    />
                    <span className="choice__label">{o.name}</span>
                    <span className="choice__price">{format(o.costCents)}</span>
                  </label>
                ))}
              </div>
              {errors.shippingOptionId && (
                <p className="field-error" id="checkout-shipping-error">
                  {errors.shippingOptionId}
                </p>
              )}
            </fieldset>
          )}
          <fieldset className="checkout-section">
            <legend className="checkout-section__title">{T.payment}</legend>
            <TextField
              id="checkout-gift-card"
              name="giftCardCode"
              label={T.giftCardCode}
              autoComplete="off"
              spellCheck={false}
              value={values.giftCardCode}
              error={errors.giftCardCode}
              onChange={(giftCardCode) => p.onChange({ giftCardCode })}
            />
            {p.providers.length > 1 && (
              <div className="choice-list" role="radiogroup" aria-label={T.payment}>
                {p.providers.map((id) => (
                  <label className="choice" key={id}>
                    <input type="radio" name="provider" value={id} checked={values.provider === id} onChange={() => p.onChange({ provider: id })} />
                    <span className="choice__label">{providerLabels[id] ?? id}</span>
                  </label>
                ))}
              </div>
            )}
            {values.provider === 'test' && (
              <TextField
                id="checkout-card-number"
                name="cardNumber"
                label={T.cardNumber}
                inputMode="numeric"
                autoComplete="cc-number"
                required
                value={values.cardNumber}
                error={errors['payment.cardNumber']}
                onChange={(cardNumber) => p.onChange({ cardNumber })}
              />
            )}
            {p.stripe && (
              // Stripe's element draws its own labelled fields in its frames; the container is kept
              // (only hidden) while another provider is picked, so the element is made once.
              <div className="stripe-payment" hidden={values.provider !== 'stripe'}>
                <div
                  id="checkout-stripe"
                  className="stripe-payment__element"
                  ref={p.stripe.container}
                  role="group"
                  aria-label={T.paymentDetails}
                  hidden={p.stripe.state === 'unavailable'}
                />
                {p.stripe.state === 'loading' && (
                  <p className="stripe-payment__loading" role="status">
                    {T.paymentFormLoading}
                  </p>
                )}
                {p.stripe.state === 'unavailable' && (
                  <p className="notice notice--error" role="alert">
                    {T.cardPaymentsUnavailable}
                  </p>
                )}
                {p.stripe.error && (
                  <p className="field-error" id="checkout-stripe-error" role="alert">
                    {p.stripe.error}
                  </p>
                )}
              </div>
            )}
          </fieldset>
        </div>
        <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
          <h2 className="checkout-section__title" id="checkout-summary-title">
            {T.orderSummary}
          </h2>
          <ul className="cart-entries">
            {p.lines.map((line) => (
              <li className="cart-entry" key={line.key}>
                {line.imageUrl ? (
                  <img className="cart-entry__image" sizes="64px" srcSet={line.imageSrcset || undefined} src={line.imageUrl} alt="" width={64} height={64} />
                ) : (
                  <span className="cart-entry__image cart-entry__image--none" aria-hidden="true" />
                )}
                <div className="cart-entry__text">
                  <p className="cart-entry__title">{line.title}</p>
                  {line.detail && <p className="cart-entry__variant">{line.detail}</p>}
                  <p className="cart-entry__quantity">{fillText(T.quantityTimes, { quantity: line.quantity })}</p>
                </div>
                <p className="cart-entry__price">{money(line.amountCents)}</p>
              </li>
            ))}
          </ul>
          <dl className={`cart-totals${p.recalculating ? ' cart-totals--recalculating' : ''}`} aria-busy={p.recalculating || undefined}>
            <div className="cart-summary__line">
              <dt>{T.subtotal}</dt>
              <dd>{money(p.totals.subtotalCents)}</dd>
            </div>
            {p.totals.discountCents > 0 && (
              <div className="cart-summary__line">
                <dt>{T.discount}</dt>
                <dd>−{format(p.totals.discountCents)}</dd>
              </div>
            )}
            {p.requiresShipping && (
              <div className="cart-summary__line">
                <dt>{T.shipping}</dt>
                <dd>{money(p.totals.shippingCents)}</dd>
              </div>
            )}
            {p.totals.taxCents > 0 && (
              <div className="cart-summary__line">
                <dt>{T.tax}</dt>
                <dd>{format(p.totals.taxCents)}</dd>
              </div>
            )}
            <div className="cart-summary__line cart-totals__total">
              <dt>{T.total}</dt>
              <dd>{money(p.totals.totalCents)}</dd>
            </div>
          </dl>
          {p.problem && (
            <p className="notice notice--error" role="alert">
              {p.problem}
            </p>
          )}
          <button type="submit" className="button button--wide" aria-disabled={p.placing || undefined}>
            {p.placing ? T.placingOrder : T.placeOrder}
          </button>
        </aside>
      </div>
    </form>
  );
}
