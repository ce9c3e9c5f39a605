// One comment of the queue: its post (linked on the site), who wrote it (and their email, for the
// owner only), its state, the text, and what a moderator may do with it (approve, mark as spam, reply
// as the site in place, delete after the confirmation the page asks).
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatTime } from '../../format.js';
import { StatusBadge } from '../../ui/status-badge.js';
import type { CommentStatus, OwnerComment } from './calls.js';
import type { CommentAction } from './page.js';

const STATUS: Record<CommentStatus, [string, 'warn' | 'good' | 'bad']> = {
  pending: ['Waiting for approval', 'warn'],
  approved: ['Approved', 'good'],
  spam: ['Spam', 'bad'],
};

export interface CommentCardProps {
  comment: OwnerComment;
  language: string;
  timeZone?: string;
  busy: boolean;
  onAction(comment: OwnerComment, action: CommentAction): void;
  onReply(comment: OwnerComment, text: string): Promise<string | null>;
  onAskDelete(comment: OwnerComment): void;
}

export function CommentCard({ comment: c, language, timeZone, busy, onAction, onReply, onAskDelete }: CommentCardProps) {
  const [replying, setReplying] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const ids = useId();
  const replyButton = useRef<HTMLButtonElement>(null);
  const wasReplying = useRef(false);
  // The form closed (posted or canceled): the focus goes back to the button that opened it.
  useEffect(() => {
    if (wasReplying.current && !replying) replyButton.current?.focus();
    wasReplying.current = replying;
  }, [replying]);
  const [statusText, tone] = STATUS[c.status];
  const title = c.post.title ?? 'A post no longer on the site';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await onReply(c, draft);
    if (problem) setError(problem);
    else {
      setDraft('');
      setReplying(false);
    }
  };

  return (
    <article className="review-card comment-card" aria-labelledby={`${ids}-title`} data-comment-id={c.id}>
      <header className="review-card-head">
        <h2 id={`${ids}-title`} className="review-card-title">
          {c.authorName} <span className="muted">on</span> <span className="review-card-product">{c.post.url ? <a href={c.post.url}>{title}</a> : title}</span>
        </h2>
        <StatusBadge tone={tone} label="State">
          {statusText}
        </StatusBadge>
      </header>
      <p className="review-card-meta">
        {c.bySite ? <span>Reply as the site</span> : <span>{c.authorEmail ?? 'No email given'}</span>} ·{' '}
        <time dateTime={new Date(c.created).toISOString()}>{formatTime(language, c.created, timeZone)}</time>
      </p>
      <p className="review-card-body comment-card-text">{c.text}</p>
      {replying ? (
        <form className="review-reply-form" onSubmit={save} aria-label={`Reply to ${c.authorName}`}>
          <label htmlFor={`${ids}-reply`}>
            Reply as the site <span className="hint">(shown at once under the post)</span>
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
              Post reply
            </button>
            <button type="button" className="button-secondary" onClick={() => setReplying(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="actions review-card-actions">
          {c.status !== 'approved' && (
            <button type="button" disabled={busy} onClick={() => onAction(c, 'approve')}>
              Approve <span className="visually-hidden">the comment by {c.authorName}</span>
            </button>
          )}
          {c.status !== 'spam' && !c.bySite && (
            <button type="button" className="button-secondary" disabled={busy} onClick={() => onAction(c, 'spam')}>
              Mark as spam <span className="visually-hidden">the comment by {c.authorName}</span>
            </button>
          )}
          {!c.bySite && (
            <button type="button" className="button-secondary" disabled={busy} onClick={() => setReplying(true)} ref={replyButton}>
              Reply <span className="visually-hidden">to {c.authorName}</span>
            </button>
          )}
          <button type="button" className="button-secondary review-delete" disabled={busy} onClick={() => onAskDelete(c)}>
            Delete <span className="visually-hidden">the comment by {c.authorName}</span>
          </button>
        </div>
      )}
    </article>
  );
}
