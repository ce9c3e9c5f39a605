// The moderation queue, drawn from props only (page.tsx holds the state and calls the API): the
// approval setting, the state tabs with their counts, the filters, the reviews, Load more, and the
// confirmation before a review is deleted.
import { EmptyState } from '../../ui/list-parts.js';
import type { ListProps } from '../../ui/address-list.js';
import { ApprovalSwitch, ModerationList, StatusTabs } from '../../ui/moderation-list.js';
import { SearchForm } from '../../ui/search-form.js';
import type { OwnerReview, StatusCounts } from './calls.js';
import { NO_FILTERS, type ReviewFilters, STATUS_TABS, isNarrowed, searchOfFilters } from './filters.js';
import type { ReviewAction, ReviewSettingsState, ReviewsContext } from './page.js';
import { ReviewCard } from './review-card.js';

export interface ReviewsViewProps {
  context: ReviewsContext;
  filters: ReviewFilters;
  queue: ListProps<OwnerReview, StatusCounts>;
  settings: ReviewSettingsState;
  onFilters(filters: ReviewFilters): void;
  onAction(review: OwnerReview, action: ReviewAction): void;
  onReply(review: OwnerReview, reply: string): Promise<string | null>;
  onDelete(review: OwnerReview): Promise<boolean>;
  onRequireApproval(on: boolean): void;
}

const RATINGS = [5, 4, 3, 2, 1].map((n) => [String(n), n === 1 ? '1 star' : `${n} stars`] as const);

const STATE_WORDS: Record<string, string> = { pending: 'waiting', approved: 'approved', hidden: 'hidden', '': '' };

function Empty({ filters, onFilters }: Pick<ReviewsViewProps, 'filters' | 'onFilters'>) {
  if (isNarrowed(filters)) {
    return (
      <EmptyState title="No reviews match these filters">
        <button type="button" className="button-secondary" onClick={() => onFilters({ ...NO_FILTERS, status: filters.status })}>
          Clear filters
        </button>
      </EmptyState>
    );
  }
  const [title, text] = {
    pending: ['No reviews are waiting', 'Reviews that wait for your approval show here, newest first.'],
    approved: ['No approved reviews', 'Reviews shown on product pages are listed here.'],
    hidden: ['No hidden reviews', 'Reviews you hide leave the product pages and are kept here.'],
    '': ['No reviews yet', 'Buyers are asked to review what they bought after their order; their reviews show here.'],
  }[filters.status];
  return (
    <EmptyState title={title}>
      <p className="empty">{text}</p>
    </EmptyState>
  );
}

export function ReviewsView(props: ReviewsViewProps) {
  const { context, filters, queue, settings, onFilters, onAction, onReply, onDelete, onRequireApproval } = props;
  const { state } = queue;
  const kind = STATE_WORDS[filters.status] ? `${STATE_WORDS[filters.status]} ` : '';
  return (
    <>
      <ApprovalSwitch
        settings={settings}
        label="New reviews wait for approval"
        loading="Loading the review setting…"
        hintId="review-setting-hint"
        isOn={(s) => s.reviewsRequireApproval}
        hint={(s) =>
          (s.reviewsRequireApproval
            ? 'A buyer’s review shows on the product page once you approve it.'
            : 'A buyer’s review shows on the product page at once; you may still hide it.') +
          (s.reviewsEnabled ? '' : ' Reviews are turned off in the store settings: product pages show none.')
        }
        onChange={onRequireApproval}
      />
      <StatusTabs
        label="Reviews by state"
        tabs={STATUS_TABS}
        current={filters.status}
        counts={state.status === 'ready' ? state.counts : null}
        hrefOf={(status) => `/config/reviews${searchOfFilters({ ...filters, status })}`}
        onTab={(status) => onFilters({ ...filters, status })}
      />
      <SearchForm
        key={JSON.stringify(filters)}
        className="list-tools review-filters"
        label="Search reviews"
        placeholder="Words or a name"
        filters={filters}
        choices={[
          { key: 'rating', label: 'Rating', any: 'Any rating', options: RATINGS },
          {
            key: 'item',
            label: 'Product',
            any: 'Any product',
            options: (context.products ?? []).map((p) => [p.id, p.title] as const),
            kept: (id) => `Item ${id}`,
          },
        ]}
        cleared={isNarrowed(filters) ? { ...NO_FILTERS, status: filters.status } : null}
        errors={state.status === 'error' ? state.fields : {}}
        onFilters={onFilters}
      />
      <ModerationList
        {...queue}
        language={context.language}
        loading="Loading reviews…"
        loadingNote
        noun={[`${kind}review`, `${kind}reviews`]}
        narrowed={isNarrowed(filters)}
        empty={<Empty filters={filters} onFilters={onFilters} />}
        more="Load more reviews"
        card={(r, own) => <ReviewCard {...own} review={r} context={context} onAction={onAction} onReply={onReply} />}
        confirm={{
          title: 'Delete this review?',
          button: 'Delete review',
          text: (r: OwnerReview) =>
            `The review by ${r.reviewerName} of ${r.product.title ?? 'a removed product'} is deleted for good, with your reply. To take it off the product page but keep it, hide it instead.`,
        }}
        onDelete={onDelete}
      />
    </>
  );
}
