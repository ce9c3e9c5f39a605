import { formatCount, formatTime } from '../../format.js';
import { type CustomerPage, type CustomerSort, type CustomerSummary, type ListQuery, customerPath } from './calls.js';
import { formatAmount } from './money.js';
import type { CustomersContext } from './page.js';
import { ErrorBox } from '../../ui/error-box.js';
import { ListTools } from '../../ui/list-tools.js';

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; page: CustomerPage; loading: boolean }
  | { status: 'error'; message: string; fields: Record<string, string> };

export const SORT_LABELS: Record<CustomerSort, string> = {
  last_order: 'Latest order',
  total_spent: 'Total spent',
  order_count: 'Number of orders',
  email: 'Email (A to Z)',
  newest_account: 'Newest account',
};

const ACCOUNT_LABELS: Record<CustomerSummary['accountState'], string> = {
  none: 'Guest',
  unverified: 'Account, email not confirmed',
  verified: 'Account',
};

export interface CustomersViewProps {
  context: CustomersContext;
  query: ListQuery;
  state: ListState;
  /** 1 for the first page. */
  pageNumber: number;
  onQuery(query: ListQuery): void;
  onNext(cursor: string): void;
  onPrevious(): void;
  onRetry(): void;
}

function CustomerRow({ c, context, currency }: { c: CustomerSummary; context: CustomersContext; currency: string }) {
  const count = (n: number) => formatCount(context.language, n);
  return (
    <tr>
      <th scope="row">
        <a href={customerPath(c.key)} className="customer-link">
          {c.name || c.email}
        </a>
        {c.name && <span className="customer-email">{c.email}</span>}
      </th>
      <td data-label="Orders">{count(c.orderCount)}</td>
      <td data-label="Total spent">{formatAmount(context.language, c.totalSpentCents, currency)}</td>
      <td data-label="Last order">{c.lastOrderOn ? formatTime(context.language, c.lastOrderOn, context.timeZone) : 'None'}</td>
      <td data-label="Account">
        <span className={`account-badge account-${c.accountState}`}>{ACCOUNT_LABELS[c.accountState]}</span>
      </td>
      <td data-label="Memberships">{count(c.membershipCount)}</td>
    </tr>
  );
}

export function CustomersView({ context, query, state, pageNumber, onQuery, onNext, onPrevious, onRetry }: CustomersViewProps) {
  const page = state.status === 'ready' ? state.page : null;
  const customers = page?.customers ?? [];
  const currency = page?.currency ?? context.currency ?? 'USD';
  const busy = state.status === 'loading' || (state.status === 'ready' && state.loading);
  const shown =
    page && customers.length > 0
      ? `Page ${formatCount(context.language, pageNumber)}: ${formatCount(context.language, customers.length)} customer${customers.length === 1 ? '' : 's'}${query.q ? ` matching “${query.q}”` : ''}.`
      : '';
  return (
    <>
      <p className="section-note">
        Everyone who ordered (by email) and every visitor account, with what they spent. Open a customer for their orders, addresses, memberships and account.
      </p>
      <ListTools
        label="Search customers"
        placeholder="Email or name"
        query={query}
        selects={[{ key: 'sort', label: 'Sort by', options: SORT_LABELS }]}
        error={state.status === 'error' ? (state.fields.q ?? state.fields.sort) : undefined}
        onQuery={onQuery}
      />
      <div className="status" role="status" aria-live="polite">
        {busy ? 'Loading…' : shown}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {page && customers.length === 0 && (
        <p className="empty">
          {query.q ? `No customer matches “${query.q}”.` : 'No customers yet: everyone who orders or makes an account on the site will be listed here.'}
        </p>
      )}
      {customers.length > 0 && (
        <div className="table-scroll">
          <table className="customers-table" aria-busy={busy}>
            <caption className="visually-hidden">Customers, by {SORT_LABELS[query.sort].toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Orders</th>
                <th scope="col">Total spent</th>
                <th scope="col">Last order</th>
                <th scope="col">Account</th>
                <th scope="col">Memberships</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((c) => (
                <CustomerRow key={c.key} c={c} context={context} currency={currency} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (pageNumber > 1 || page.nextCursor) && (
        <nav className="pager" aria-label="Customer pages">
          <button type="button" className="button-secondary" disabled={pageNumber <= 1 || busy} onClick={onPrevious}>
            Previous page
          </button>
          <button type="button" className="button-secondary" disabled={!page.nextCursor || busy} onClick={() => page.nextCursor && onNext(page.nextCursor)}>
            Next page
          </button>
        </nav>
      )}
    </>
  );
}
