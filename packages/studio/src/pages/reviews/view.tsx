// The moderation queue, drawn from props only (page.tsx holds the state and calls the API): the
// approval setting, the state tabs with their counts, the filters, the reviews, Load more, and the
// confirmation before a review is deleted.
import { type FormEvent, type MouseEvent, useRef, useState } from 'react';
import { useFocusWhenLost } from '../../ui/keep-focus.js';
import { formatCount } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import type { OwnerReview } from './calls.js';
import { NO_FILTERS, type ReviewFilters, STATUS_TABS, isNarrowed, searchOfFilters } from './filters.js';
import type { ListState, ReviewAction, ReviewsContext, SettingsState } from './page.js';
import { ReviewCard } from './review-card.js';
import { LoadMore } from '../../ui/load-more.js';

export interface ReviewsViewProps {
  context: ReviewsContext;
  filters: ReviewFilters;
  state: ListState;
  settings: SettingsState;
  /** The latest action's result, for the live region. */
  message: string;
  busy: ReadonlySet<string>;
  onFilters(filters: ReviewFilters): void;
  onMore(): void;
  onRetry(): void;
  onAction(review: OwnerReview, action: ReviewAction): void;
  onReply(review: OwnerReview, reply: string): Promise<string | null>;
  onDelete(review: OwnerReview): Promise<boolean>;
  onRequireApproval(on: boolean): void;
}

function ApprovalSetting({ settings, onRequireApproval }: Pick<ReviewsViewProps, 'settings' | 'onRequireApproval'>) {
  if (settings.status === 'loading') return <p className="muted">Loading the review setting…</p>;
  if (settings.status === 'error') return <p className="status-error">{settings.message}</p>;
  return (
    <div className="review-setting">
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          aria-checked={settings.reviewsRequireApproval}
          checked={settings.reviewsRequireApproval}
          disabled={settings.saving}
          aria-describedby="review-setting-hint"
          onChange={(e) => onRequireApproval(e.target.checked)}
        />
        New reviews wait for approval
      </label>
      <p id="review-setting-hint" className="hint">
        {settings.reviewsRequireApproval
          ? 'A buyer’s review shows on the product page once you approve it.'
          : 'A buyer’s review shows on the product page at once; you may still hide it.'}
        {!settings.reviewsEnabled && ' Reviews are turned off in the store settings: product pages show none.'}
      </p>
    </div>
  );
}

function Tabs({ filters, state, onFilters }: Pick<ReviewsViewProps, 'filters' | 'state' | 'onFilters'>) {
  const counts = state.status === 'ready' ? state.counts : null;
  return (
    <nav className="review-tabs" aria-label="Reviews by state">
      <ul>
        {STATUS_TABS.map(([status, label]) => {
          const next = { ...filters, status };
          const count = counts ? (status ? counts[status] : counts.pending + counts.approved + counts.hidden) : null;
          const go = (event: MouseEvent) => {
            event.preventDefault();
            onFilters(next);
          };
          return (
            <li key={label}>
              <a href={`/config/reviews${searchOfFilters(next)}`} aria-current={filters.status === status ? 'page' : undefined} onClick={go}>
                {label}
                {count !== null && ' '}
                {count !== null && <span className="review-tab-count">({count})</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function FilterForm({
  context,
  filters,
  errors,
  onFilters,
}: {
  context: ReviewsContext;
  filters: ReviewFilters;
  errors: Record<string, string>;
  onFilters(f: ReviewFilters): void;
}) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof ReviewFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...draft, q: draft.q.trim() });
  };
  const products = context.products ?? [];
  const choices = draft.item && !products.some((p) => p.id === draft.item) ? [...products, { id: draft.item, title: `Item ${draft.item}` }] : products;
  return (
    <form className="list-tools review-filters" role="search" aria-label="Search reviews" onSubmit={submit}>
      <label>
        Search
        <input type="search" value={draft.q} maxLength={200} placeholder="Words or a name" onChange={set('q')} />
      </label>
      <label>
        Rating
        <select value={draft.rating} onChange={set('rating')}>
          <option value="">Any rating</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={String(n)}>
              {n === 1 ? '1 star' : `${n} stars`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Product
        <select value={draft.item} onChange={set('item')}>
          <option value="">Any product</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <div className="actions">
        <button type="submit">Apply</button>
        {isNarrowed(filters) && (
          <button type="button" className="button-secondary" onClick={() => onFilters({ ...NO_FILTERS, status: filters.status })}>
            Clear filters
          </button>
        )}
      </div>
      {Object.values(errors).map((e) => (
        <p key={e} className="field-error">
          {e}
        </p>
      ))}
    </form>
  );
}

const STATE_WORDS: Record<string, string> = { pending: 'waiting', approved: 'approved', hidden: 'hidden', '': '' };

function listStatus(context: ReviewsContext, filters: ReviewFilters, state: ListState): string {
  if (state.status === 'loading') return 'Loading reviews…';
  if (state.status !== 'ready' || state.reviews.length === 0) return '';
  const n = state.reviews.length;
  const kind = STATE_WORDS[filters.status] ? `${STATE_WORDS[filters.status]} ` : '';
  return `Showing ${formatCount(context.language, n)} ${kind}${n === 1 ? 'review' : 'reviews'}${isNarrowed(filters) ? ' matching the filters' : ''}${state.nextCursor ? ', more to load' : ''}.`;
}

function Empty({ filters, onFilters }: Pick<ReviewsViewProps, 'filters' | 'onFilters'>) {
  if (isNarrowed(filters)) {
    return (
      <div className="empty-state">
        <p className="empty-title">No reviews match these filters</p>
        <button type="button" className="button-secondary" onClick={() => onFilters({ ...NO_FILTERS, status: filters.status })}>
          Clear filters
        </button>
      </div>
    );
  }
  const text = {
    pending: ['No reviews are waiting', 'Reviews that wait for your approval show here, newest first.'],
    approved: ['No approved reviews', 'Reviews shown on product pages are listed here.'],
    hidden: ['No hidden reviews', 'Reviews you hide leave the product pages and are kept here.'],
    '': ['No reviews yet', 'Buyers are asked to review what they bought after their order; their reviews show here.'],
  }[filters.status];
  return (
    <div className="empty-state">
      <p className="empty-title">{text[0]}</p>
      <p className="empty">{text[1]}</p>
    </div>
  );
}

export function ReviewsView(props: ReviewsViewProps) {
  const { context, filters, state, settings, message, busy, onFilters, onMore, onRetry, onAction, onReply, onDelete, onRequireApproval } = props;
  const [asking, setAsking] = useState<OwnerReview | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useFocusWhenLost(statusRef, message);
  const confirmDelete = async () => {
    if (!asking) return;
    if (await onDelete(asking)) setAsking(null);
  };
  return (
    <>
      <ApprovalSetting settings={settings} onRequireApproval={onRequireApproval} />
      <Tabs filters={filters} state={state} onFilters={onFilters} />
      <FilterForm
        key={JSON.stringify(filters)}
        context={context}
        filters={filters}
        errors={state.status === 'error' ? state.fields : {}}
        onFilters={onFilters}
      />
      <div className="status" role="status" aria-live="polite" tabIndex={-1} ref={statusRef}>
        {message || listStatus(context, filters, state)}
      </div>
      {state.status === 'error' && (
        <div className="error-box" role="alert">
          <p>{state.message}</p>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'loading' && <p className="muted review-loading">Loading reviews…</p>}
      {state.status === 'ready' && state.reviews.length === 0 && <Empty filters={filters} onFilters={onFilters} />}
      {state.status === 'ready' && state.reviews.length > 0 && (
        <>
          <div className="review-list">
            {state.reviews.map((r) => (
              <ReviewCard
                key={r.id}
                review={r}
                language={context.language}
                timeZone={context.timeZone}
                busy={busy.has(r.id)}
                onAction={onAction}
                onReply={onReply}
                onAskDelete={setAsking}
              />
            ))}
          </div>
          {state.nextCursor && <LoadMore more={state.more} onMore={onMore} label="Load more reviews" />}
        </>
      )}
      <Dialog open={asking !== null} title="Delete this review?" onClose={() => setAsking(null)}>
        {asking && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void confirmDelete();
            }}>
            <p>
              The review by {asking.reviewerName} of {asking.product.title ?? 'a removed product'} is deleted for good, with your reply. To take it off the
              product page but keep it, hide it instead.
            </p>
            <div className="dialog-buttons">
              <button type="submit" className="button-danger" disabled={busy.has(asking.id)}>
                Delete review
              </button>
              <button type="button" className="button-secondary" data-autofocus onClick={() => setAsking(null)}>
                Keep it
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
