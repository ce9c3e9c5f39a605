// The side of an order: who bought it, where it goes, how it was paid; then its fulfilments and refunds.
import { StatusBadge } from '../../ui/status-badge.js';
import { paymentState, providerName } from '../orders/status.js';
import type { OrderDetail } from './calls.js';
import type { Fmt } from './fmt.js';

export function Customer({ order, canViewCustomers }: { order: OrderDetail; canViewCustomers: boolean }) {
  return (
    <section className="card order-section" aria-labelledby="customer-heading">
      <h2 id="customer-heading">Customer</h2>
      {order.customerName && <p className="customer-name">{order.customerName}</p>}
      <p>
        <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
      </p>
      <p className="muted">{order.member ? 'Has a visitor account' : 'Checked out as a guest'}</p>
      {order.renewalOf && (
        <p>
          Renewal of{' '}
          {canViewCustomers ? (
            <a href={order.renewalOf.customerUrl}>{order.renewalOf.title ?? 'a subscription'}</a>
          ) : (
            (order.renewalOf.title ?? 'a subscription')
          )}
          {order.renewalOf.cycle ? `, payment ${order.renewalOf.cycle}` : ''}
        </p>
      )}
      {canViewCustomers && (
        <p>
          <a href={`/config/customers/${encodeURIComponent(order.customerEmail)}`}>View customer</a>
        </p>
      )}
    </section>
  );
}

const ADDRESS_LINES = (a: Record<string, string>) =>
  [
    [a.firstName, a.lastName].filter(Boolean).join(' '),
    a.address1,
    a.address2,
    [a.city, a.region, a.postalCode].filter(Boolean).join(', '),
    a.country,
    a.phone,
  ].filter(Boolean);

export function Shipping({ order, fmt }: { order: OrderDetail; fmt: Fmt }) {
  if (!order.shippingAddress && !order.shippingOption) return null;
  return (
    <section className="card order-section" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">Shipping</h2>
      {order.shippingAddress && (
        <address className="order-address">
          {ADDRESS_LINES(order.shippingAddress).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      )}
      {order.shippingOption && (
        <p>
          {order.shippingOption.name} · {fmt.money(order.shippingOption.priceCents)}
        </p>
      )}
    </section>
  );
}

export function Payment({ order, fmt }: { order: OrderDetail; fmt: Fmt }) {
  const state = paymentState(order.paymentStatus);
  const rows: [string, string][] = [['Provider', providerName(order.paymentProvider)]];
  if (order.paymentReference) rows.push(['Reference', order.paymentReference]);
  if (order.paidOn) rows.push(['Paid', fmt.time(order.paidOn)]);
  if (order.holdExpiresOn) rows.push(['Held until', fmt.time(order.holdExpiresOn)]);
  if (order.canceledOn) rows.push(['Canceled', fmt.time(order.canceledOn)]);
  if (order.refundedCents > 0) rows.push(['Refunded', fmt.money(order.refundedCents)]);
  if (order.refundableCents > 0 && order.refundedCents > 0) rows.push(['Left to refund', fmt.money(order.refundableCents)]);
  return (
    <section className="card order-section" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      <p>
        <StatusBadge tone={state.tone}>{state.text}</StatusBadge>
      </p>
      <dl className="facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {order.holdExpiresOn && <p className="muted">Canceled, and its stock released, unless paid by then.</p>}
    </section>
  );
}

const titleOf = (order: OrderDetail, lineId: string) => order.lines.find((l) => l.id === lineId)?.title ?? 'An item';

export function Fulfillments({ order, fmt }: { order: OrderDetail; fmt: Fmt }) {
  if (order.fulfillments.length === 0) return null;
  return (
    <section className="card order-section" aria-labelledby="fulfillments-heading">
      <h2 id="fulfillments-heading">Fulfilments</h2>
      <ul className="records">
        {order.fulfillments.map((f) => (
          <li key={f.id}>
            <p>
              <strong>{fmt.time(f.created)}</strong>
              {f.by && <span className="muted"> by {f.by}</span>}
            </p>
            <p>{f.lines.map((l) => `${l.quantity} × ${titleOf(order, l.lineId)}`).join(', ')}</p>
            {(f.carrier || f.trackingNumber) && (
              <p>
                {f.carrier}
                {f.carrier && f.trackingNumber && ' · '}
                {f.trackingNumber &&
                  (f.trackingUrl ? (
                    <a href={f.trackingUrl} target="_blank" rel="noreferrer">
                      {f.trackingNumber}
                      <span className="visually-hidden"> (tracking, opens in a new tab)</span>
                    </a>
                  ) : (
                    f.trackingNumber
                  ))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Refunds({ order, fmt }: { order: OrderDetail; fmt: Fmt }) {
  if (order.refunds.length === 0) return null;
  return (
    <section className="card order-section" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      <ul className="records">
        {order.refunds.map((r) => (
          <li key={r.id}>
            <p>
              <strong>{fmt.money(r.amountCents)}</strong> · {fmt.time(r.created)}
              {r.by && <span className="muted"> by {r.by}</span>}
            </p>
            {r.lines.length > 0 && <p>{r.lines.map((l) => `${l.quantity} × ${titleOf(order, l.lineId)}`).join(', ')}</p>}
            {r.reason && <p>Reason: {r.reason}</p>}
            <p className="muted">
              {providerName(r.provider)}
              {r.providerReference && ` · ${r.providerReference}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
