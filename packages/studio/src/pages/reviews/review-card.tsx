// One review of the queue: its stars (with their words), the product and the order it came from, its
// state, the text, the shop's reply, and what a moderator may do with it (approve, hide, reply in
// place, delete after a confirmation the page asks), on the moderation list's card.
import { formatTime } from '../../format.js';
import { type CardAction, type CardState, ModerationCard } from '../../ui/moderation-list.js';
import type { BadgeTone } from '../../ui/status-badge.js';
import type { OwnerReview, ReviewStatus } from './calls.js';
import type { ReviewAction, ReviewsContext } from './page.js';

const STATUS: Record<ReviewStatus, [string, BadgeTone]> = {
  pending: ['Waiting for approval', 'warn'],
  approved: ['Approved', 'good'],
  hidden: ['Hidden', 'neutral'],
};

function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        <span className="review-stars-empty">{'★'.repeat(5 - rating)}</span>
      </span>
    </span>
  );
}

export interface ReviewCardProps extends CardState {
  review: OwnerReview;
  context: ReviewsContext;
  onAction(review: OwnerReview, action: ReviewAction): void;
  onReply(review: OwnerReview, reply: string): Promise<string | null>;
}

export function ReviewCard({ review: r, context, onAction, onReply, ...own }: ReviewCardProps) {
  const actions: CardAction[] = [];
  if (r.status !== 'approved') actions.push({ label: 'Approve', primary: true, run: () => onAction(r, 'approve') });
  if (r.status !== 'hidden') actions.push({ label: 'Hide', run: () => onAction(r, 'hide') });
  return (
    <ModerationCard
      className="review-card"
      data={{ 'data-review-id': r.id }}
      heading={<Stars rating={r.rating} />}
      subject={{ title: r.product.title ?? 'A product no longer on the site', url: r.product.url }}
      status={STATUS[r.status]}
      meta={
        <>
          <span>{r.reviewerName}</span> · <time dateTime={new Date(r.created).toISOString()}>{formatTime(context.language, r.created, context.timeZone)}</time>{' '}
          · <a href={r.order.url}>{r.order.orderNumber !== null ? `Order #${r.order.orderNumber}` : 'The order'}</a>
        </>
      }
      author={r.reviewerName}
      what={`the review by ${r.reviewerName}`}
      actions={actions}
      reply={{
        button: r.reply ? 'Edit reply' : 'Reply',
        label: 'Reply as the shop',
        hint: 'shown under the review on the product page; leave empty to remove it',
        submit: 'Save reply',
        saved: r.reply,
        send: (text) => onReply(r, text),
      }}
      {...own}>
      <p className="review-card-body">{r.body}</p>
    </ModerationCard>
  );
}
