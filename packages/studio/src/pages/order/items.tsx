// An order's items: what was bought (variant, SKU, additional fields), how many, at what price, how
// many were fulfilled and refunded, and what each delivered: gift card codes, download links.
import type { OrderDetail } from './calls.js';
import type { Fmt } from './fmt.js';
import { additionalFields, variantText } from './lines.js';

export function Items({ order, fmt }: { order: OrderDetail; fmt: Fmt }) {
  return (
    <section className="card order-section" aria-labelledby="items-heading">
      <h2 id="items-heading">Items</h2>
      <ul className="order-lines">
        {order.lines.map((line) => {
          const variant = variantText(line);
          const fields = additionalFields(line);
          return (
            <li key={line.id} className="order-line" data-line-id={line.id}>
              <div className="line-main">
                <p className="line-title">{line.title}</p>
                {variant && <p className="line-variant">{variant}</p>}
                {line.chosenVariant.sku && <p className="sku">SKU {line.chosenVariant.sku}</p>}
                {fields.length > 0 && (
                  <dl className="line-fields">
                    {fields.map(([k, v]) => (
                      <div key={k}>
                        <dt>{k}</dt>
                        <dd>{v}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {line.giftCards.length > 0 && (
                  <ul className="line-extras" aria-label={`Gift card codes of ${line.title}`}>
                    {line.giftCards.map((g) => (
                      <li key={g.code}>
                        Gift card <code>{g.code}</code> ({fmt.money(g.amountCents)})
                      </li>
                    ))}
                  </ul>
                )}
                {line.download && (
                  <p className="line-extras">
                    <a href={line.download.url}>Download link</a> <span className="muted">expires {fmt.time(line.download.expiresOn)}</span>
                  </p>
                )}
              </div>
              <div className="line-numbers">
                <p>
                  {line.quantity} × {fmt.money(line.unitPriceCents)}
                </p>
                <p className="line-total">{fmt.money(line.subTotalCents)}</p>
                {(line.fulfilledQuantity > 0 || line.refundedQuantity > 0) && (
                  <p className="muted line-done">
                    {[line.fulfilledQuantity > 0 && `${line.fulfilledQuantity} fulfilled`, line.refundedQuantity > 0 && `${line.refundedQuantity} refunded`]
                      .filter(Boolean)
                      .join(', ')}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {order.subscriptions.length > 0 && (
        <div className="order-subscriptions">
          <h3>Subscriptions</h3>
          <ul>
            {order.subscriptions.map((s) => (
              <li key={s.id}>
                <strong>{s.title}</strong>: {s.priceText} · {s.status.toLowerCase()}
                {s.nextBillingDate !== null && ` · next payment ${fmt.time(s.nextBillingDate)}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function Totals({ order, fmt }: { order: OrderDetail; fmt: Fmt }) {
  const rows: [string, string, string?][] = [['Subtotal', fmt.money(order.subtotalCents)]];
  if (order.discountCents > 0) rows.push([`Discount${order.coupons.length ? ` (${order.coupons.join(', ')})` : ''}`, `−${fmt.money(order.discountCents)}`]);
  if (order.shippingOption || order.shippingCostCents > 0) rows.push(['Shipping', fmt.money(order.shippingCostCents)]);
  if (order.taxCents > 0) rows.push(['Tax', fmt.money(order.taxCents)]);
  rows.push(['Total', fmt.money(order.grandTotalCents), 'total-row']);
  if (order.giftCardCents > 0) {
    rows.push(['Paid by gift card', `−${fmt.money(order.giftCardCents)}`]);
    rows.push(['Charged', fmt.money(order.amountDueCents)]);
  }
  if (order.refundedCents > 0) rows.push(['Refunded', `−${fmt.money(order.refundedCents)}`, 'refunded-row']);
  return (
    <section className="card order-section" aria-labelledby="totals-heading">
      <h2 id="totals-heading">Totals</h2>
      <dl className="order-totals">
        {rows.map(([label, value, className]) => (
          <div key={label} className={className}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {order.coupons.length > 0 && order.discountCents === 0 && <p className="muted">Coupons: {order.coupons.join(', ')}</p>}
    </section>
  );
}
