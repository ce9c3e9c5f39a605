// The customer's subscriptions, drawn from props only (subscriptions.tsx holds the state): each with
// its status, price, next billing, payment method, cycles billed and its orders; Pause, Resume and
// Cancel for staff who may manage orders, Cancel asking for confirmation first.
import { formatCount, formatTime } from '../../format.js';
import type { Subscription } from './subscriptions-calls.js';
import { ConfirmButton } from './view.js';

export type SubscriptionsState = { status: 'loading' } | { status: 'ready'; list: Subscription[] } | { status: 'error'; message: string };

export interface SubscriptionsViewProps {
  language: string;
  timeZone?: string;
  email: string;
  state: SubscriptionsState;
  /** What the last action did (or why it failed), for the live region. */
  notice: { kind: 'ok' | 'error'; text: string } | null;
  busy: string | null;
  canManage: boolean;
  onAction(sub: Subscription, action: 'pause' | 'resume' | 'cancel'): void;
}

const STATUS_LABELS: Record<Subscription['status'], string> = {
  active: 'Active',
  past_due: 'Payment failed',
  paused: 'Paused',
  canceled: 'Canceled',
  ended: 'Ended',
};

function facts(sub: Subscription, time: (t: number) => string): [string, string][] {
  const out: [string, string][] = [
    ['Price', sub.priceText],
    ['Next billing', sub.nextBillingDate ? time(sub.nextBillingDate) : 'None'],
    ['Payment method', sub.paymentMethod ?? 'None kept'],
    ['Cycles billed', sub.numBillingCycles > 0 ? `${sub.cyclesBilled} of ${sub.numBillingCycles}` : String(sub.cyclesBilled)],
  ];
  if (sub.status === 'past_due' && sub.retryOn) out.push(['Next try', `${time(sub.retryOn)} (${sub.failedAttempts} failed)`]);
  if (sub.paused) out.push(['Paused', `${time(sub.paused.on)} by ${sub.paused.by ?? 'the staff'}`]);
  if (sub.resumed) out.push(['Resumed', `${time(sub.resumed.on)} by ${sub.resumed.by ?? 'the staff'}`]);
  if (sub.canceled) out.push(['Canceled', `${time(sub.canceled.on)} by ${sub.canceled.by?.replace(/^customer:.*/, 'the customer') ?? 'the staff'}`]);
  if (sub.ended) out.push(['Ended', `${time(sub.ended.on)}: ${sub.ended.reason === 'payment_failed' ? 'the last retry failed' : 'every cycle billed'}`]);
  return out;
}

function Item(props: SubscriptionsViewProps & { sub: Subscription }) {
  const { sub } = props;
  const time = (t: number) => formatTime(props.language, t, props.timeZone);
  const busy = props.busy !== null;
  const open = sub.status === 'active' || sub.status === 'past_due' || sub.status === 'paused';
  return (
    <li className="card membership">
      <div className="membership-head">
        <strong>
          {sub.title}
          {sub.quantity > 1 ? ` × ${formatCount(props.language, sub.quantity)}` : ''}
        </strong>
        <span className={`account-badge ${sub.status === 'active' ? 'account-verified' : 'account-none'}`}>{STATUS_LABELS[sub.status]}</span>
      </div>
      <dl className="customer-facts">
        {facts(sub, time).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="card-note">
        Orders:{' '}
        {sub.orders.map((o, i) => (
          <span key={o.id}>
            {i > 0 && ', '}
            <a href={`/config/orders/${o.id}`}>#{o.orderNumber}</a>
            {o.renewal ? (o.paymentStatus === 'DECLINED' ? ' (renewal declined)' : ' (renewal)') : ' (first)'}
          </span>
        ))}
      </p>
      {props.canManage && open && (
        <div className="actions account-actions">
          {sub.status === 'paused' ? (
            <button type="button" className="button-secondary" disabled={busy} onClick={() => props.onAction(sub, 'resume')}>
              {props.busy === `resume:${sub.id}` ? 'Resuming…' : `Resume ${sub.title}`}
            </button>
          ) : (
            <button type="button" className="button-secondary" disabled={busy} onClick={() => props.onAction(sub, 'pause')}>
              {props.busy === `pause:${sub.id}` ? 'Pausing…' : `Pause ${sub.title}`}
            </button>
          )}
          <ConfirmButton
            label={`Cancel ${sub.title}`}
            question={`Cancel ${sub.title} for ${props.email}? It will not renew; what was paid runs to the end of its period. The customer is mailed.`}
            confirmLabel="Cancel the subscription"
            busy={busy}
            onConfirm={() => props.onAction(sub, 'cancel')}
          />
        </div>
      )}
    </li>
  );
}

export function SubscriptionsView(props: SubscriptionsViewProps) {
  const { state } = props;
  return (
    <section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading">Subscriptions</h2>
      <p className={`status section-status${props.notice?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
        {props.notice?.text ?? ''}
      </p>
      {state.status === 'loading' && <p className="status">Loading…</p>}
      {state.status === 'error' && (
        <p className="error-box" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' &&
        (state.list.length === 0 ? (
          <p className="empty">No subscriptions.</p>
        ) : (
          <ul className="membership-list">
            {state.list.map((sub) => (
              <Item key={sub.id} {...props} sub={sub} />
            ))}
          </ul>
        ))}
    </section>
  );
}
