// The owner's restock notifications page, drawn from props only (page.tsx holds the state and
// calls the API): the variants visitors wait for, their stock, and a send button for each.
import { type FormEvent, useState } from 'react';
import { formatCount, formatTime } from '../../format.js';
import type { SignUp, SignUpGroup } from './calls.js';
import type { RestockContext } from './page.js';
import { ErrorBox } from '../../ui/error-box.js';

export type GroupsState = { status: 'loading' } | { status: 'ready'; groups: SignUpGroup[] } | { status: 'error'; message: string };

export interface SignUpList {
  readonly signUps: SignUp[];
  readonly hasNextPage: boolean;
  readonly loading: boolean;
}

export interface RestockViewProps {
  context: RestockContext;
  state: GroupsState;
  /** The last outcome, for the live region. */
  notice: { kind: 'ok' | 'error'; text: string } | null;
  /** Variant ids with a call under way. */
  busy: ReadonlySet<string>;
  lists: Readonly<Record<string, SignUpList>>;
  onSend(group: SignUpGroup): void;
  onSendAll(groups: SignUpGroup[]): void;
  onStock(group: SignUpGroup, stock: number): void;
  onList(group: SignUpGroup, more: boolean): void;
  onRetry(): void;
}

const sendable = (g: SignUpGroup) => g.available && g.inStock && g.waitingCount > 0;

function StockForm({ group, busy, onStock }: { group: SignUpGroup; busy: boolean; onStock(stock: number): void }) {
  const [value, setValue] = useState(String(group.qtyInStock));
  const id = `stock-${group.variantId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStock(Number(value));
  };
  if (!group.available || group.unlimited) return <span className="muted">{group.unlimited ? 'Unlimited' : 'No longer on the site'}</span>;
  return (
    <form className="stock-form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        Stock of {group.productTitle} {group.variantText}
      </label>
      <input id={id} type="number" min={0} step={1} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="button-secondary" disabled={busy}>
        Update stock
      </button>
    </form>
  );
}

export function RestockView({ context, state, notice, busy, lists, onSend, onSendAll, onStock, onList, onRetry }: RestockViewProps) {
  const count = (n: number) => formatCount(context.language, n);
  const groups = state.status === 'ready' ? state.groups : [];
  const ready = groups.filter(sendable);
  return (
    <>
      <p className="section-note">Visitors who asked to hear when a sold-out variant is back. Restock a variant, then send: each visitor is mailed once.</p>
      <div className={`status${notice?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
        {state.status === 'loading' ? 'Loading…' : (notice?.text ?? '')}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' && groups.length === 0 && <p className="empty">No visitor has signed up for a restock notification yet.</p>}
      {groups.length > 0 && (
        <section aria-labelledby="groups-heading">
          <div className="section-head">
            <h2 id="groups-heading">Variants visitors wait for</h2>
            <button type="button" disabled={ready.length === 0 || busy.size > 0} onClick={() => onSendAll(ready)}>
              Send all in stock ({count(ready.reduce((n, g) => n + g.waitingCount, 0))})
            </button>
          </div>
          <div className="table-scroll">
            <table className="restock-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">Notified</th>
                  <th scope="col">Stock</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.map((g) => {
                  const list = lists[g.variantId];
                  const name = `${g.productTitle ?? 'A removed product'}${g.variantText ? ` (${g.variantText})` : ''}`;
                  return [
                    <tr key={g.variantId} data-variant-id={g.variantId}>
                      <th scope="row">
                        {g.productUrl ? <a href={g.productUrl}>{g.productTitle}</a> : (g.productTitle ?? 'A removed product')}
                        {g.variantText && <span className="variant-text">{g.variantText}</span>}
                        {g.sku && <span className="sku">{g.sku}</span>}
                      </th>
                      <td>{count(g.waitingCount)}</td>
                      <td>{count(g.notifiedCount)}</td>
                      <td>
                        <span className={`stock-badge ${g.inStock ? 'stock-in' : 'stock-out'}`}>
                          {g.unlimited ? 'In stock' : g.inStock ? `${count(g.qtyInStock)} in stock` : 'Sold out'}
                        </span>
                        <StockForm key={`${g.variantId}:${g.qtyInStock}`} group={g} busy={busy.has(g.variantId)} onStock={(stock) => onStock(g, stock)} />
                      </td>
                      <td>
                        <div className="actions">
                          <button
                            type="button"
                            disabled={!sendable(g) || busy.has(g.variantId)}
                            onClick={() => onSend(g)}
                            aria-label={`Send to ${count(g.waitingCount)} waiting: ${name}`}>
                            {busy.has(g.variantId) ? 'Sending…' : 'Send'}
                          </button>
                          <button type="button" className="button-secondary" aria-expanded={!!list} onClick={() => onList(g, false)}>
                            {list ? 'Hide signups' : 'Signups'}
                          </button>
                        </div>
                      </td>
                    </tr>,
                    list && (
                      <tr key={`${g.variantId}-list`} className="signups-row">
                        <td colSpan={5}>
                          <ul className="signups" aria-label={`Signups for ${name}`}>
                            {list.signUps.map((s) => (
                              <li key={s.id}>
                                <span className="signup-email">{s.siteVisitorEmail}</span>
                                <span className={`signup-status signup-${s.status.toLowerCase()}`}>
                                  {s.status === 'WAITING'
                                    ? 'Waiting'
                                    : `Notified ${s.notifiedOn ? formatTime(context.language, s.notifiedOn, context.timeZone) : ''}`}
                                </span>
                                <span className="muted">
                                  Signed up {formatTime(context.language, s.created, context.timeZone)}
                                  {s.isJoinMailingList ? ' · joined the mailing list' : ''}
                                </span>
                              </li>
                            ))}
                          </ul>
                          {list.hasNextPage && (
                            <button type="button" className="button-secondary" disabled={list.loading} onClick={() => onList(g, true)}>
                              {list.loading ? 'Loading…' : 'Show more'}
                            </button>
                          )}
                        </td>
                      </tr>
                    ),
                  ];
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
