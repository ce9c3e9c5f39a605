// One customer's page, drawn from props only (page.tsx holds the state and calls the API): what they
// spent, their orders, shipping addresses, memberships and account; the account actions for staff
// who may manage visitor accounts, the ones that end access asking for confirmation first.
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { formatCount, formatTime } from '../../format.js';
import { formatAmount } from '../customers/money.js';
import type { CustomerAccount, CustomerAddress, CustomerDetail, CustomerOrder, Membership } from './calls.js';
import type { CustomerContext, MembersAreaOption } from './page.js';
import { ErrorBox } from '../../ui/error-box.js';

export type DetailState = { status: 'loading' } | { status: 'ready'; detail: CustomerDetail } | { status: 'missing' | 'error'; message: string };

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
  /** The section whose action it tells of: its live region, beside the action, says it. */
  section: 'memberships' | 'account';
}

/** A section's live region: the outcome of the section's last action, where the action was taken. */
function SectionStatus({ notice, section }: { notice: Notice | null; section: Notice['section'] }) {
  const mine = notice?.section === section ? notice : null;
  return (
    <p className={`status section-status${mine?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
      {mine?.text ?? ''}
    </p>
  );
}

export interface CustomerViewProps {
  context: CustomerContext;
  state: DetailState;
  /** The last action's outcome, for the live region. */
  notice: Notice | null;
  /** The action under way (`grant`, `revoke:<area>`, `reset`, `sign-out`), or null. */
  busy: string | null;
  /** The account holds manageSiteUsers: the actions are shown. */
  canManage: boolean;
  onRetry(): void;
  onGrant(area: MembersAreaOption): void;
  onRevoke(membership: Membership): void;
  onPasswordReset(): void;
  onSignOut(): void;
  /** The customer's subscriptions section (its own state: subscriptions.tsx), under the orders. */
  subscriptions?: ReactNode;
}

const PAYMENT_LABELS: Record<string, string> = {
  PROCESSING: 'Processing',
  PENDING: 'Awaiting payment',
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
  DECLINED: 'Declined',
  CANCELED: 'Canceled',
};
const FULFILLMENT_LABELS: Record<string, string> = {
  PENDING: 'Unfulfilled',
  PARTIALLY_FULFILLED: 'Partly fulfilled',
  FULFILLED: 'Fulfilled',
  CANCELED: 'Canceled',
};

/**
 * A button whose action is asked again before it runs: the question and its two answers take the
 * button's place, the confirming one focused; Cancel or Escape puts the button back, focused.
 */
export function ConfirmButton(props: { label: string; question: string; confirmLabel: string; busy: boolean; onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (returning.current) {
      returning.current = false;
      button.current?.focus();
    }
  }, [asking]);
  const cancel = () => {
    returning.current = true;
    setAsking(false);
  };
  if (!asking) {
    return (
      <button ref={button} type="button" className="button-secondary" disabled={props.busy} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') cancel();
  };
  return (
    <div className="confirm" role="group" aria-label={props.label} onKeyDown={onKeyDown}>
      <p>{props.question}</p>
      <div className="actions">
        <button
          ref={yes}
          type="button"
          className="button-danger"
          onClick={() => {
            returning.current = true;
            setAsking(false);
            props.onConfirm();
          }}>
          {props.confirmLabel}
        </button>
        <button type="button" className="button-secondary" onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function Summary({ detail, context }: { detail: CustomerDetail; context: CustomerContext }) {
  const c = detail.customer;
  const account = detail.account;
  return (
    <section aria-labelledby="customer-heading" className="customer-head">
      <h2 id="customer-heading">{c.name || c.email}</h2>
      {c.name && <p className="customer-email">{c.email}</p>}
      <ul className="totals">
        <li className="card">
          <h3>Orders</h3>
          <p className="card-value">{formatCount(context.language, c.orderCount)}</p>
        </li>
        <li className="card">
          <h3>Total spent</h3>
          <p className="card-value">{formatAmount(context.language, c.totalSpentCents, detail.currency)}</p>
        </li>
        <li className="card">
          <h3>Last order</h3>
          <p className="card-note">{c.lastOrderOn ? formatTime(context.language, c.lastOrderOn, context.timeZone) : 'None yet'}</p>
        </li>
        <li className="card">
          <h3>Account</h3>
          <p className="card-note">{!account ? 'Guest: no account' : account.verified ? 'Account, email confirmed' : 'Account, email not confirmed'}</p>
        </li>
      </ul>
    </section>
  );
}

function Orders({ detail, context }: { detail: CustomerDetail; context: CustomerContext }) {
  const orderRow = (o: CustomerOrder) => (
    <tr key={o.id}>
      <th scope="row">
        <a href={o.url}>Order #{o.orderNumber}</a>
      </th>
      <td data-label="Placed">{formatTime(context.language, o.created, context.timeZone)}</td>
      <td data-label="Items">{formatCount(context.language, o.itemCount)}</td>
      <td data-label="Payment">{PAYMENT_LABELS[o.paymentStatus] ?? o.paymentStatus}</td>
      <td data-label="Fulfilment">{FULFILLMENT_LABELS[o.fulfillmentStatus] ?? o.fulfillmentStatus}</td>
      <td data-label="Total">
        {formatAmount(context.language, o.grandTotalCents, detail.currency)}
        {o.refundedCents > 0 && <span className="muted"> ({formatAmount(context.language, o.refundedCents, detail.currency)} refunded)</span>}
      </td>
    </tr>
  );
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading">Orders</h2>
      {detail.orders.length === 0 ? (
        <p className="empty">No orders yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="customer-orders-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Items</th>
                <th scope="col">Payment</th>
                <th scope="col">Fulfilment</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>{detail.orders.map(orderRow)}</tbody>
          </table>
        </div>
      )}
      {detail.moreOrders && (
        <p className="section-note">
          The latest {formatCount(context.language, detail.orders.length)} are listed.{' '}
          <a href={`/config/orders?q=${encodeURIComponent(detail.customer.email)}`}>All orders of {detail.customer.email}</a>
        </p>
      )}
    </section>
  );
}

function addressLines(a: CustomerAddress['address']): string[] {
  const cityLine = [a.city, a.region, a.postalCode].filter(Boolean).join(' ');
  return [[a.firstName, a.lastName].filter(Boolean).join(' '), a.address1, a.address2, cityLine, a.country, a.phone].filter((l): l is string => !!l);
}

function Addresses({ detail, context }: { detail: CustomerDetail; context: CustomerContext }) {
  return (
    <section aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">Shipping addresses</h2>
      {detail.addresses.length === 0 ? (
        <p className="empty">No shipping address yet.</p>
      ) : (
        <ul className="address-list">
          {detail.addresses.map((a) => {
            const lines = addressLines(a.address);
            return (
              <li key={lines.join('|')} className="card">
                <address>
                  {lines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
                <p className="card-note">
                  {a.orderCount === 1 ? 'Used once' : `Used for ${formatCount(context.language, a.orderCount)} orders`}, last on{' '}
                  {formatTime(context.language, a.lastUsedOn, context.timeZone)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function MembershipItem(props: { m: Membership; context: CustomerContext; email: string; canManage: boolean; busy: string | null; onRevoke(): void }) {
  const { m, context } = props;
  const title = m.collections.map((c) => c.title).join(', ') || m.area;
  const time = (t: number) => formatTime(context.language, t, context.timeZone);
  return (
    <li className="card membership">
      <div className="membership-head">
        <strong>{title}</strong>
        <span className={`account-badge ${m.active ? 'account-verified' : 'account-none'}`}>{m.active ? 'Active' : 'Ended'}</span>
      </div>
      <p className="card-note">
        {m.grantedBy === 'order' && m.order ? (
          <>
            Bought with <a href={m.order.url}>order #{m.order.orderNumber ?? ''}</a>
          </>
        ) : (
          `Granted by ${m.staffEmail ?? 'the staff'}`
        )}
        {` on ${time(m.grantedOn)}`}
      </p>
      <p className="card-note">{m.expiresOn === null ? 'For good' : `${m.active ? 'Until' : 'Ended'} ${time(m.expiresOn)}`}</p>
      {props.canManage && m.collections.length > 0 && (
        <ConfirmButton
          label={`Take back ${title}`}
          question={`Take ${title} back from ${props.email}? It closes at their next page, however it was granted.`}
          confirmLabel="Take it back"
          busy={props.busy !== null}
          onConfirm={props.onRevoke}
        />
      )}
    </li>
  );
}

function GrantForm({ areas, busy, onGrant }: { areas: readonly MembersAreaOption[]; busy: boolean; onGrant(area: MembersAreaOption): void }) {
  const [chosen, setChosen] = useState(areas[0]?.collectionId ?? '');
  useEffect(() => {
    if (!areas.some((a) => a.collectionId === chosen)) setChosen(areas[0]?.collectionId ?? '');
  }, [areas, chosen]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const area = areas.find((a) => a.collectionId === chosen);
    if (area) onGrant(area);
  };
  return (
    <form className="list-tools" onSubmit={submit}>
      <label>
        Members' area to grant
        <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {areas.map((a) => (
            <option key={a.collectionId} value={a.collectionId}>
              {a.title}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Granting…' : 'Grant'}
      </button>
    </form>
  );
}

function Memberships(props: CustomerViewProps & { detail: CustomerDetail }) {
  const { detail, context } = props;
  const held = new Set(detail.memberships.filter((m) => m.active).map((m) => m.area));
  const grantable = (context.membersAreas ?? []).filter((a) => !held.has(a.area));
  return (
    <section aria-labelledby="memberships-heading">
      <h2 id="memberships-heading">Memberships</h2>
      {props.canManage && <SectionStatus notice={props.notice} section="memberships" />}
      {!detail.account ? (
        <p className="empty">Memberships need an account: this customer ordered as a guest.</p>
      ) : detail.memberships.length === 0 ? (
        <p className="empty">No members' area yet.</p>
      ) : (
        <ul className="membership-list">
          {detail.memberships.map((m) => (
            <MembershipItem
              key={m.area}
              m={m}
              context={context}
              email={detail.customer.email}
              canManage={props.canManage}
              busy={props.busy}
              onRevoke={() => props.onRevoke(m)}
            />
          ))}
        </ul>
      )}
      {props.canManage &&
        detail.account &&
        ((context.membersAreas ?? []).length === 0 ? (
          <p className="section-note">The site has no members' area to grant.</p>
        ) : grantable.length > 0 ? (
          <GrantForm areas={grantable} busy={props.busy === 'grant'} onGrant={props.onGrant} />
        ) : (
          <p className="section-note">This customer holds every members' area of the site.</p>
        ))}
    </section>
  );
}

function Account(props: CustomerViewProps & { detail: CustomerDetail; account: CustomerAccount | null }) {
  const { account, context, detail } = props;
  const time = (t: number) => formatTime(context.language, t, context.timeZone);
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      {props.canManage && <SectionStatus notice={props.notice} section="account" />}
      {!account ? (
        <p className="empty">No account: this customer ordered as a guest. Password resets and sign-outs need an account.</p>
      ) : (
        <>
          <dl className="customer-facts">
            <dt>Name</dt>
            <dd>{[account.firstName, account.lastName].filter(Boolean).join(' ') || 'Not given'}</dd>
            <dt>Made</dt>
            <dd>{time(account.created)}</dd>
            <dt>Email</dt>
            <dd>{account.verifiedOn ? `Confirmed on ${time(account.verifiedOn)}` : 'Not confirmed yet'}</dd>
            <dt>Signed in</dt>
            <dd>
              {account.activeSessions === 0
                ? 'Nowhere now'
                : `${formatCount(context.language, account.activeSessions)} session${account.activeSessions === 1 ? '' : 's'}`}
            </dd>
            <dt>Last sign-in</dt>
            <dd>{account.lastSignInOn ? time(account.lastSignInOn) : 'Not known'}</dd>
          </dl>
          {props.canManage && (
            <div className="actions account-actions">
              <button type="button" className="button-secondary" disabled={props.busy !== null} onClick={props.onPasswordReset}>
                {props.busy === 'reset' ? 'Sending…' : 'Send password reset'}
              </button>
              <ConfirmButton
                label="Sign out everywhere"
                question={`End every session of ${detail.customer.email}? They will have to sign in again on every device.`}
                confirmLabel="Sign out everywhere"
                busy={props.busy !== null}
                onConfirm={props.onSignOut}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function CustomerView(props: CustomerViewProps) {
  const { state } = props;
  return (
    <>
      <p className="back-link">
        <a href="/config/customers">All customers</a>
      </p>
      {state.status === 'loading' && <p className="status">Loading…</p>}
      {state.status === 'missing' && <p className="empty">No customer has this address or account: they may have been removed.</p>}
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={props.onRetry} />}
      {state.status === 'ready' && (
        <>
          <Summary detail={state.detail} context={props.context} />
          <Orders detail={state.detail} context={props.context} />
          {props.subscriptions}
          <div className="grid-2">
            <Memberships {...props} detail={state.detail} />
            <Account {...props} detail={state.detail} account={state.detail.account} />
          </div>
          <Addresses detail={state.detail} context={props.context} />
        </>
      )}
    </>
  );
}
