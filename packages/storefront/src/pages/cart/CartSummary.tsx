// The cart's side panel, drawn from props only: coupons, the shipping estimate, the totals (marked
// while the server recalculates), the minimum-subtotal message and the way to the checkout.
import { fillText } from '@tessera/core/cart';
import { type ReactNode, useEffect, useState } from 'react';
import type { ShippingLocation, ShoppingCart } from '../../api/types.js';
import { useCartWords } from '../words.js';

export interface SummaryProps {
  readonly cart: ShoppingCart;
  readonly format: (cents: number) => string;
  readonly recalculating: boolean;
  /** `To check out, your order subtotal must be {subtotal} or more.` when the minimum is not met. */
  readonly minimumMessage: string | null;
  readonly couponError: string | null;
  readonly shippingError: string | null;
  readonly onApplyCoupon: (code: string) => void;
  readonly onRemoveCoupon: (code: string) => void;
  readonly onEstimate: (location: ShippingLocation) => void;
  readonly onShippingOption: (id: string | null) => void;
  /** The wallets' express checkout (Stripe), shown above the checkout button when the site offers it. */
  readonly express?: ReactNode;
}

function Coupons({
  cart,
  error,
  onApply,
  onRemove,
}: {
  cart: ShoppingCart;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: (code: string) => void;
}) {
  const { T } = useCartWords();
  const [code, setCode] = useState('');
  const invalid = new Set(cart.invalidCoupons.map((c) => c.code));
  useEffect(() => {
    if (!error) setCode('');
  }, [cart.coupons.length]);
  return (
    <div className="cart-coupons">
      <form
        className="inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim() !== '') onApply(code.trim());
        }}>
        <label className="form-label" htmlFor="cart-coupon-code">
          {T.couponCode}
        </label>
        <div className="inline-form__row">
          <input
            id="cart-coupon-code"
            className="form-input"
            value={code}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'cart-coupon-error' : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {T.applyCoupon}
          </button>
        </div>
        {error && (
          <p className="field-error" id="cart-coupon-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {cart.coupons.length > 0 && (
        <ul className="cart-coupons__list">
          {cart.coupons.map((c) => (
            <li key={c} className="tag">
              <span>{c}</span>
              {invalid.has(c) && <span className="cart-coupons__note"> {fillText(T.couponNotApplied, { code: c })}</span>}
              <button type="button" className="tag__remove" aria-label={fillText(T.removeCoupon, { code: c })} onClick={() => onRemove(c)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Estimate({
  cart,
  error,
  onEstimate,
  onOption,
  format,
}: {
  cart: ShoppingCart;
  error: string | null;
  onEstimate: (l: ShippingLocation) => void;
  onOption: (id: string | null) => void;
  format: (c: number) => string;
}) {
  const { T } = useCartWords();
  const [location, setLocation] = useState<ShippingLocation>(cart.shippingLocation ?? { country: '', region: '', postalCode: '' });
  const field = (name: keyof ShippingLocation, label: string, extra: Record<string, unknown> = {}) => (
    <div className="form-field">
      <label className="form-label" htmlFor={`cart-estimate-${name}`}>
        {label}
      </label>
      <input
        id={`cart-estimate-${name}`}
        className="form-input"
        value={location[name]}
        {...extra}
        onChange={(e) => setLocation({ ...location, [name]: e.target.value })}
      />
    </div>
  );
  return (
    <details className="cart-estimate" open={cart.shippingLocation !== null || undefined}>
      <summary>{T.shippingEstimate}</summary>
      <form
        className="cart-estimate__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onEstimate({ country: location.country.trim().toUpperCase(), region: location.region.trim().toUpperCase(), postalCode: location.postalCode.trim() });
        }}>
        <div className="form-parts form-parts--3">
          {field('country', T.country, { maxLength: 2, autoComplete: 'country', placeholder: 'US' })}
          {field('region', T.region, { autoComplete: 'address-level1' })}
          {field('postalCode', T.postalCode, { autoComplete: 'postal-code' })}
        </div>
        <button type="submit" className="button button--secondary">
          {T.estimate}
        </button>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {cart.requiresShipping && cart.shippingOptions.length > 0 && (
        <div className="form-field">
          <label className="form-label" htmlFor="cart-shipping-option">
            {T.shippingOption}
          </label>
          <select
            id="cart-shipping-option"
            className="form-input form-select"
            value={cart.selectedShippingOption?.id ?? ''}
            onChange={(e) => onOption(e.target.value || null)}>
            <option value="">{T.chooseShipping}</option>
            {cart.shippingOptions.map((o) => (
              <option key={o.id} value={o.id}>{`${o.name} (${format(o.costCents)})`}</option>
            ))}
          </select>
        </div>
      )}
    </details>
  );
}

export function CartSummary(props: SummaryProps) {
  const { cart, format, recalculating, minimumMessage } = props;
  const { T } = useCartWords();
  const line = (label: string, cents: number, negative = false) => (
    <div className="cart-summary__line">
      <dt>{label}</dt>
      <dd>
        {negative ? '−' : ''}
        {format(cents)}
      </dd>
    </div>
  );
  return (
    <div className="cart-summary cart-summary--live">
      <Coupons cart={cart} error={props.couponError} onApply={props.onApplyCoupon} onRemove={props.onRemoveCoupon} />
      <Estimate cart={cart} error={props.shippingError} onEstimate={props.onEstimate} onOption={props.onShippingOption} format={format} />
      <dl className={`cart-totals${recalculating ? ' cart-totals--recalculating' : ''}`} aria-busy={recalculating || undefined}>
        {line(T.subtotal, cart.subtotalCents)}
        {cart.discountCents > 0 && line(T.discount, cart.discountCents, true)}
        {cart.requiresShipping && cart.selectedShippingOption && line(T.shipping, cart.shippingCostCents)}
        {cart.taxCents > 0 && line(T.tax, cart.taxCents)}
        <div className="cart-summary__line cart-totals__total">
          <dt>{T.total}</dt>
          <dd>{format(cart.grandTotalCents)}</dd>
        </div>
      </dl>
      {recalculating && <p className="cart-totals__note">{T.recalculating}</p>}
      {minimumMessage && (
        <p className="notice cart-minimum" role="alert">
          {minimumMessage}
        </p>
      )}
      {minimumMessage ? (
        // biome-ignore lint/a11y/useValidAnchor: a link without href is how a disabled link is announced (role link, aria-disabled)
        <a className="button button--wide" role="link" aria-disabled="true">
          {T.checkout}
        </a>
      ) : (
        <>
          {props.express}
          <a className="button button--wide" href="/checkout">
            {T.checkout}
          </a>
        </>
      )}
    </div>
  );
}
