// The home page, drawn from props only (page.tsx holds the state and calls the API): a card per
// figure the account's role may see, each opening its list, and the account's new-order mail switch.
import { formatCount } from '../../format.js';
import type { Comparison, HomeCards, MoneyValue } from './calls.js';
import type { HomeContext, HomeState } from './page.js';
import { ErrorBox } from '../../ui/error-box.js';

export interface HomeViewProps {
  context: HomeContext;
  state: HomeState;
  /** The outcome of the last change, for the live region. */
  notice: { kind: 'ok' | 'error'; text: string } | null;
  saving: boolean;
  onNotify(on: boolean): void;
  onRetry(): void;
}

interface Formats {
  count(n: number): string;
  money(m: MoneyValue): string;
  weekday(ms: number): string;
  plural(n: number, one: string, many: string): string;
}

function formatsOf(context: HomeContext, timeZone?: string): Formats {
  const language = context.language;
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone });
  const count = (n: number) => formatCount(language, n);
  return {
    count,
    // A display of the server's decimal string: the figures themselves stay integer minor units.
    money: (m) => new Intl.NumberFormat(language, { style: 'currency', currency: m.currency }).format(Number(m.value)),
    weekday: (ms) => weekday.format(ms),
    plural: (n, one, many) => `${count(n)} ${n === 1 ? one : many}`,
  };
}

/** "+25%", "−40%", "same", or "new" when there was nothing the week before. */
function change(current: number, previous: number): { text: string; trend: 'up' | 'down' | 'flat' } {
  if (current === previous) return { text: 'same as before', trend: 'flat' };
  if (previous === 0) return { text: 'up from none', trend: 'up' };
  const percent = Math.round(((current - previous) / previous) * 100);
  return percent >= 0 ? { text: `+${percent}%`, trend: 'up' } : { text: `−${Math.abs(percent)}%`, trend: 'down' };
}

function SalesCard({
  id,
  title,
  against,
  figures,
  f,
  linkText,
}: {
  id: string;
  title: string;
  against: string;
  figures: Comparison;
  f: Formats;
  linkText: string;
}) {
  const { current, previous } = figures;
  const sales = change(current.salesCents, previous.salesCents);
  return (
    <section className="card home-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="card-value">{f.money(current.salesMoney)}</p>
      <p className="home-figure">
        {f.plural(current.orders, 'order', 'orders')}
        <span className={`trend trend-${sales.trend}`}>
          <span className="visually-hidden">Sales </span>
          {sales.text}
        </span>
      </p>
      <p className="card-note">
        {against}: {f.money(previous.salesMoney)}, {f.plural(previous.orders, 'order', 'orders')}
      </p>
      <a className="card-link" href={figures.link}>
        {linkText}
      </a>
    </section>
  );
}

function Cards({ cards, f, permissions }: { cards: HomeCards; f: Formats; permissions: readonly string[] }) {
  const { sales, toFulfill, pendingPayments, lowStock, reviews, formSubmissions } = cards;
  return (
    <div className="home-grid">
      {sales && (
        <>
          <SalesCard
            id="home-today"
            title="Today"
            against={`Last ${f.weekday(sales.today.previous.from)} until now`}
            figures={sales.today}
            f={f}
            linkText="View today's orders"
          />
          <SalesCard id="home-week" title="This week" against="The same days last week" figures={sales.week} f={f} linkText="View this week's orders" />
        </>
      )}
      {toFulfill && (
        <section className="card home-card" aria-labelledby="home-fulfil">
          <h2 id="home-fulfil">To fulfil</h2>
          <p className="card-value">{f.count(toFulfill.count)}</p>
          <p className="card-note">{toFulfill.count === 0 ? 'Every paid order was sent.' : 'Paid orders waiting to be sent.'}</p>
          <a className="card-link" href={toFulfill.link}>
            View orders to fulfil
          </a>
        </section>
      )}
      {pendingPayments && (
        <section className="card home-card" aria-labelledby="home-pending">
          <h2 id="home-pending">Payments to collect</h2>
          <p className="card-value">{f.count(pendingPayments.count)}</p>
          <p className="card-note">
            {pendingPayments.count === 0 ? 'No order waits for an offline payment.' : `Offline payments waiting: ${f.money(pendingPayments.amountMoney)}.`}
          </p>
          <a className="card-link" href={pendingPayments.link}>
            View pending orders
          </a>
        </section>
      )}
      {lowStock && (
        <section className="card home-card" aria-labelledby="home-stock">
          <h2 id="home-stock">Low stock</h2>
          <p className="card-value">{f.count(lowStock.count)}</p>
          <p className="card-note">Variants with {f.plural(lowStock.threshold, 'item', 'items')} or fewer in stock.</p>
          {lowStock.variants.length === 0 ? (
            <p className="empty">No variant is low on stock.</p>
          ) : (
            <ul className="home-list" aria-label="Variants low on stock">
              {lowStock.variants.map((v) => (
                <li key={v.variantId}>
                  <span>
                    {v.productTitle}
                    {v.variantText && <span className="muted"> · {v.variantText}</span>}
                  </span>
                  <span className={`stock-badge ${v.stock > 0 ? 'stock-low' : 'stock-out'}`}>{v.stock > 0 ? `${f.count(v.stock)} left` : 'Sold out'}</span>
                </li>
              ))}
            </ul>
          )}
          {/* The inventory is a page of its own permission (a billing account sees stock, not the inventory). */}
          {permissions.includes('manageProducts') && (
            <a className="card-link" href={lowStock.link}>
              View low stock
            </a>
          )}
        </section>
      )}
      {reviews && (
        <section className="card home-card" aria-labelledby="home-reviews">
          <h2 id="home-reviews">{reviews.waiting ? 'Reviews waiting' : 'New reviews'}</h2>
          <p className="card-value">{f.count(reviews.count)}</p>
          <p className="card-note">{reviews.waiting ? 'Waiting for your approval.' : 'In the last 7 days.'}</p>
          {reviews.latest.length === 0 ? (
            <p className="empty">{reviews.waiting ? 'No review is waiting for approval.' : 'No review was written in the last 7 days.'}</p>
          ) : (
            <ul className="home-list" aria-label={reviews.waiting ? 'Reviews waiting' : 'Latest reviews'}>
              {reviews.latest.map((r) => (
                <li key={r.id} className="home-review">
                  <span>
                    <span className="rating-stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
                      {'★'.repeat(r.rating)}
                      {'☆'.repeat(5 - r.rating)}
                    </span>{' '}
                    {r.reviewerName || 'A buyer'} on {r.productTitle ?? 'a removed product'}
                  </span>
                  <span className="muted">{r.excerpt}</span>
                </li>
              ))}
            </ul>
          )}
          <a className="card-link" href={reviews.link}>
            {reviews.waiting ? 'Moderate reviews' : 'View reviews'}
          </a>
        </section>
      )}
      {formSubmissions && (
        <section className="card home-card" aria-labelledby="home-forms">
          <h2 id="home-forms">New form submissions</h2>
          <p className="card-value">{f.count(formSubmissions.count)}</p>
          <p className="card-note">In the last 7 days.</p>
          {formSubmissions.forms.length === 0 ? (
            <p className="empty">No form was sent in the last 7 days.</p>
          ) : (
            <ul className="home-list" aria-label="Submissions per form">
              {formSubmissions.forms.map((form) => (
                <li key={form.formKey}>
                  <span>{form.formName}</span>
                  <span>{f.count(form.count)}</span>
                </li>
              ))}
            </ul>
          )}
          {formSubmissions.link && (
            <a className="card-link" href={formSubmissions.link}>
              View form submissions
            </a>
          )}
        </section>
      )}
    </div>
  );
}

export function HomeView({ context, state, notice, saving, onNotify, onRetry }: HomeViewProps) {
  const summary = state.status === 'ready' ? state.summary : null;
  const f = formatsOf(context, summary?.timeZone ?? context.timeZone);
  const seesOrders = context.permissions?.includes('viewOrders') ?? false;
  return (
    <>
      {state.status === 'loading' && (
        <p className="status" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {summary &&
        (Object.keys(summary.cards).length === 0 ? (
          <p className="empty">Nothing to sum up for your role yet: the navigation lists the pages you may open.</p>
        ) : (
          <Cards cards={summary.cards} f={f} permissions={context.permissions ?? []} />
        ))}
      {summary && seesOrders && (
        <section className="card home-settings" aria-labelledby="home-mail">
          <h2 id="home-mail">Your email</h2>
          <label className="checkbox">
            <input type="checkbox" checked={summary.account.notifyNewOrders} disabled={saving} onChange={(e) => onNotify(e.target.checked)} />
            Email me at {summary.account.email} when a new order is placed
          </label>
          <p className={`status${notice?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
            {notice?.text ?? ''}
          </p>
        </section>
      )}
    </>
  );
}
