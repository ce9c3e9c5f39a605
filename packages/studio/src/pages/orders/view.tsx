// The orders list, drawn from props only (page.tsx holds the state and calls the API): the search and
// filters form, the Export CSV link, the orders as a table (stacked cards on a phone), Load more.
import { formatCount } from '../../format.js';
import { formatCents } from '../../ui/money.js';
import { StatusBadge } from '../../ui/status-badge.js';
import type { OrderSummary } from './calls.js';
import { type OrderFilters, NO_FILTERS, isFiltered } from './filters.js';
import { FilterForm } from './filter-form.js';
import type { ListState, OrdersContext } from './page.js';
import { fulfillmentState, paymentState } from './status.js';
import { LoadMore } from '../../ui/load-more.js';
import { ErrorBox } from '../../ui/error-box.js';

export interface OrdersViewProps {
  context: OrdersContext;
  filters: OrderFilters;
  state: ListState;
  /** The CSV export of the same filters. */
  exportUrl: string;
  onFilters(filters: OrderFilters): void;
  onMore(): void;
  onRetry(): void;
}

export function OrdersView({ context, filters, state, exportUrl, onFilters, onMore, onRetry }: OrdersViewProps) {
  const filtered = isFiltered(filters);
  const clear = () => onFilters({ ...NO_FILTERS, sort: filters.sort });
  return (
    <>
      <FilterForm key={JSON.stringify(filters)} filters={filters} products={context.products ?? []} onFilters={onFilters} onClear={clear} />
      <div className="orders-bar">
        <div className="status" role="status" aria-live="polite">
          {statusText(context, state, filtered)}
        </div>
        <a className="button-link button-secondary" href={exportUrl} download>
          Export CSV
        </a>
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' && state.orders.length === 0 && (
        <div className="empty-state">
          {filtered ? (
            <>
              <p className="empty-title">No orders match these filters</p>
              <p className="empty">Try other words or fewer filters.</p>
              <button type="button" className="button-secondary" onClick={clear}>
                Clear filters
              </button>
            </>
          ) : (
            <>
              <p className="empty-title">No orders yet</p>
              <p className="empty">Orders placed in the shop show here, newest first.</p>
            </>
          )}
        </div>
      )}
      {state.status === 'ready' && state.orders.length > 0 && (
        <>
          <OrdersTable context={context} orders={state.orders} currency={state.currency} />
          {state.nextCursor && <LoadMore more={state.more} onMore={onMore} label="Load more orders" />}
        </>
      )}
    </>
  );
}

function statusText(context: OrdersContext, state: ListState, filtered: boolean): string {
  if (state.status === 'loading') return 'Loading orders…';
  if (state.status !== 'ready') return '';
  const n = state.orders.length;
  if (n === 0) return '';
  const count = `${formatCount(context.language, n)} ${n === 1 ? 'order' : 'orders'}`;
  return `Showing ${count}${filtered ? ' matching the filters' : ''}${state.nextCursor ? ', more to load' : ''}.`;
}

function OrdersTable({ context, orders, currency }: { context: OrdersContext; orders: OrderSummary[]; currency: string }) {
  const money = (cents: number) => formatCents(context.language, cents, currency);
  // The day and the time on lines of their own: the column stays narrow, on a phone too.
  const day = new Intl.DateTimeFormat(context.language, { dateStyle: 'medium', timeZone: context.timeZone });
  const time = new Intl.DateTimeFormat(context.language, { timeStyle: 'short', timeZone: context.timeZone });
  return (
    <div className="table-scroll">
      <table className="orders-table">
        <caption className="visually-hidden">Orders</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">Payment</th>
            <th scope="col">Fulfilment</th>
            <th scope="col" className="num">
              Items
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => {
            const payment = paymentState(o.paymentStatus);
            const fulfillment = fulfillmentState(o.fulfillmentStatus);
            return (
              <tr key={o.id} data-order-id={o.id}>
                <th scope="row" className="order-number">
                  <a href={`/config/orders/${encodeURIComponent(o.id)}`}>#{o.orderNumber}</a>
                </th>
                <td data-label="Placed" className="placed">
                  <span>{day.format(o.created)}</span> <span className="placed-time">{time.format(o.created)}</span>
                </td>
                <td data-label="Customer" className="order-customer">
                  {o.customerName && <span className="customer-name">{o.customerName}</span>}
                  <span className="customer-email">{o.customerEmail}</span>
                </td>
                <td data-label="Payment">
                  <StatusBadge tone={payment.tone}>{payment.text}</StatusBadge>
                </td>
                <td data-label="Fulfilment">
                  <StatusBadge tone={fulfillment.tone}>{fulfillment.text}</StatusBadge>
                </td>
                <td data-label="Items" className="num">
                  {formatCount(context.language, o.itemCount)}
                </td>
                <td data-label="Total" className="num">
                  <span className="order-total">{money(o.grandTotalCents)}</span>
                  {o.refundedCents > 0 && <span className="refunded-note">{money(o.refundedCents)} refunded</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
