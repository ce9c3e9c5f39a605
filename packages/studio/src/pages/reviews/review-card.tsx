// One review of the queue: its stars (with their words), the product and the order it came from, its
// state, the text, the shop's reply, and what a moderator may do with it (approve, hide, reply in
// place, delete after a confirmation the page asks).
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatTime } from '../../format.js';
import { StatusBadge } from '../../ui/status-badge.js';
import type { OwnerReview, ReviewStatus } from './calls.js';
import type { ReviewAction } from './page.js';

const STATUS: Record<ReviewStatus, [string, 'warn' | 'good' | 'neutral']> = {
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

export interface ReviewCardProps {
  review: OwnerReview;
  language: string;
  timeZone?: string;
  busy: boolean;
  onAction(review: OwnerReview, action: ReviewAction): void;
  onReply(review: OwnerReview, reply: string): Promise<string | null>;
  onAskDelete(review: OwnerReview): void;
}

export function ReviewCard({ review: r, language, timeZone, busy, onAction, onReply, onAskDelete }: ReviewCardProps) {
  const [replying, setReplying] = useState(false);
  const [draft, setDraft] = useState(r.reply ?? '');
  const [error, setError] = useState('');
  const ids = useId();
  const replyButton = useRef<HTMLButtonElement>(null);
  const wasReplying = useRef(false);
  // The form closed (saved or canceled): the focus goes back to the button that opened it.
  useEffect(() => {
    if (wasReplying.current && !replying) replyButton.current?.focus();
    wasReplying.current = replying;
  }, [replying]);
  const [statusText, tone] = STATUS[r.status];
  const title = r.product.title ?? 'A product no longer on the site';

  const open = () => {
    setDraft(r.reply ?? '');
    setError('');
    setReplying(true);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await onReply(r, draft);
    if (problem) setError(problem);
    else setReplying(false);
  };

  return (
    <article className="review-card" aria-labelledby={`${ids}-title`} data-review-id={r.id}>
      <header className="review-card-head">
        <h2 id={`${ids}-title`} className="review-card-title">
          <Stars rating={r.rating} /> <span className="review-card-product">{r.product.url ? <a href={r.product.url}>{title}</a> : title}</span>
        </h2>
        <StatusBadge tone={tone} label="State">
          {statusText}
        </StatusBadge>
      </header>
      <p className="review-card-meta">
        <span>{r.reviewerName}</span> · <time dateTime={new Date(r.created).toISOString()}>{formatTime(language, r.created, timeZone)}</time> ·{' '}
        <a href={r.order.url}>{r.order.orderNumber !== null ? `Order #${r.order.orderNumber}` : 'The order'}</a>
      </p>
      <p className="review-card-body">{r.body}</p>
      {r.reply && !replying && (
        <div className="review-card-reply">
          <p className="review-card-reply-title">Your reply</p>
          <p>{r.reply}</p>
        </div>
      )}
      {replying ? (
        <form className="review-reply-form" onSubmit={save} aria-label={`Reply to ${r.reviewerName}`}>
          <label htmlFor={`${ids}-reply`}>
            Reply as the shop <span className="hint">(shown under the review on the product page; leave empty to remove it)</span>
          </label>
          <textarea
            id={`${ids}-reply`}
            rows={3}
            maxLength={2000}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-reply-error` : undefined}
            onChange={(e) => setDraft(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the form opens at the moderator's request, where they will type.
            autoFocus
          />
          {error && (
            <p id={`${ids}-reply-error`} className="field-error">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="submit" disabled={busy}>
              Save reply
            </button>
            <button type="button" className="button-secondary" onClick={() => setReplying(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="actions review-card-actions">
          {r.status !== 'approved' && (
            <button type="button" disabled={busy} onClick={() => onAction(r, 'approve')}>
              Approve <span className="visually-hidden">the review by {r.reviewerName}</span>
            </button>
          )}
          {r.status !== 'hidden' && (
            <button type="button" className="button-secondary" disabled={busy} onClick={() => onAction(r, 'hide')}>
              Hide <span className="visually-hidden">the review by {r.reviewerName}</span>
            </button>
          )}
          <button type="button" className="button-secondary" disabled={busy} onClick={open} ref={replyButton}>
            {r.reply ? 'Edit reply' : 'Reply'} <span className="visually-hidden">to {r.reviewerName}</span>
          </button>
          <button type="button" className="button-secondary review-delete" disabled={busy} onClick={() => onAskDelete(r)}>
            Delete <span className="visually-hidden">the review by {r.reviewerName}</span>
          </button>
        </div>
      )}
    </article>
  );
}
