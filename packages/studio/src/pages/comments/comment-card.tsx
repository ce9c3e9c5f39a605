// One comment of the queue: its post (linked on the site), who wrote it (and their email, for the
// owner only), its state, the text, and what a moderator may do with it (approve, mark as spam, reply
// as the site in place, delete after the confirmation the page asks), on the moderation list's card.
import { formatTime } from '../../format.js';
import { type CardAction, type CardState, ModerationCard } from '../../ui/moderation-list.js';
import type { BadgeTone } from '../../ui/status-badge.js';
import type { CommentStatus, OwnerComment } from './calls.js';
import type { CommentAction, CommentsContext } from './page.js';

const STATUS: Record<CommentStatus, [string, BadgeTone]> = {
  pending: ['Waiting for approval', 'warn'],
  approved: ['Approved', 'good'],
  spam: ['Spam', 'bad'],
};

export interface CommentCardProps extends CardState {
  comment: OwnerComment;
  context: CommentsContext;
  onAction(comment: OwnerComment, action: CommentAction): void;
  onReply(comment: OwnerComment, text: string): Promise<string | null>;
}

export function CommentCard({ comment: c, context, onAction, onReply, ...own }: CommentCardProps) {
  const actions: CardAction[] = [];
  if (c.status !== 'approved') actions.push({ label: 'Approve', primary: true, run: () => onAction(c, 'approve') });
  // The site's own replies are neither spam nor answered.
  if (c.status !== 'spam' && !c.bySite) actions.push({ label: 'Mark as spam', run: () => onAction(c, 'spam') });
  return (
    <ModerationCard
      className="review-card comment-card"
      data={{ 'data-comment-id': c.id }}
      heading={
        <>
          {c.authorName} <span className="muted">on</span>
        </>
      }
      subject={{ title: c.post.title ?? 'A post no longer on the site', url: c.post.url }}
      status={STATUS[c.status]}
      meta={
        <>
          {c.bySite ? <span>Reply as the site</span> : <span>{c.authorEmail ?? 'No email given'}</span>} ·{' '}
          <time dateTime={new Date(c.created).toISOString()}>{formatTime(context.language, c.created, context.timeZone)}</time>
        </>
      }
      author={c.authorName}
      what={`the comment by ${c.authorName}`}
      actions={actions}
      reply={
        c.bySite
          ? null
          : { button: 'Reply', label: 'Reply as the site', hint: 'shown at once under the post', submit: 'Post reply', send: (text) => onReply(c, text) }
      }
      {...own}>
      <p className="review-card-body comment-card-text">{c.text}</p>
    </ModerationCard>
  );
}
