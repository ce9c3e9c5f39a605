// The comment moderation page, drawn from props only (page.tsx holds the state and calls the API):
// the approval setting, the state tabs with their counts, the comments (waiting first), Load more,
// and the confirmation before a comment is deleted.
import { type MouseEvent, useRef, useState } from 'react';
import { formatCount } from '../../format.js';
import { Dialog } from '../../ui/dialog.js';
import { useFocusWhenLost } from '../../ui/keep-focus.js';
import { LoadMore } from '../../ui/load-more.js';
import type { CommentStatus, OwnerComment } from './calls.js';
import { CommentCard } from './comment-card.js';
import type { CommentAction, CommentsContext, ListState, SettingsState } from './page.js';

export interface CommentsViewProps {
  context: CommentsContext;
  tab: CommentStatus | '';
  state: ListState;
  settings: SettingsState;
  /** The latest action's result, for the live region. */
  message: string;
  busy: ReadonlySet<string>;
  onTab(tab: CommentStatus | ''): void;
  onMore(): void;
  onRetry(): void;
  onAction(comment: OwnerComment, action: CommentAction): void;
  onReply(comment: OwnerComment, text: string): Promise<string | null>;
  onDelete(comment: OwnerComment): Promise<boolean>;
  onRequireApproval(on: boolean): void;
}

const TABS: readonly [CommentStatus | '', string][] = [
  ['', 'All'],
  ['pending', 'Waiting'],
  ['approved', 'Approved'],
  ['spam', 'Spam'],
];

function ApprovalSetting({ settings, onRequireApproval }: Pick<CommentsViewProps, 'settings' | 'onRequireApproval'>) {
  if (settings.status === 'loading') return <p className="muted">Loading the comment setting…</p>;
  if (settings.status === 'error') return <p className="status-error">{settings.message}</p>;
  return (
    <div className="review-setting">
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          aria-checked={settings.commentsRequireApproval}
          checked={settings.commentsRequireApproval}
          disabled={settings.saving}
          aria-describedby="comment-setting-hint"
          onChange={(e) => onRequireApproval(e.target.checked)}
        />
        Comments need approval
      </label>
      <p id="comment-setting-hint" className="hint">
        {settings.commentsRequireApproval
          ? 'A visitor’s comment shows under the post once you approve it.'
          : 'A visitor’s comment shows under the post at once; you may still mark it as spam or delete it.'}
        {!settings.commentsEnabled && ' Comments are turned off in the site’s settings: posts show none.'}
      </p>
    </div>
  );
}

function Tabs({ tab, state, onTab }: Pick<CommentsViewProps, 'tab' | 'state' | 'onTab'>) {
  const counts = state.status === 'ready' ? state.counts : null;
  return (
    <nav className="review-tabs" aria-label="Comments by state">
      <ul>
        {TABS.map(([status, label]) => {
          const count = counts ? (status ? counts[status] : counts.pending + counts.approved + counts.spam) : null;
          const go = (event: MouseEvent) => {
            event.preventDefault();
            onTab(status);
          };
          return (
            <li key={label}>
              <a href={status ? `/config/comments?status=${status}` : '/config/comments'} aria-current={tab === status ? 'page' : undefined} onClick={go}>
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

const EMPTY: Record<CommentStatus | '', [string, string]> = {
  pending: ['No comments are waiting', 'Comments that wait for your approval show here, newest first.'],
  approved: ['No approved comments', 'Comments shown under posts are listed here.'],
  spam: ['No spam', 'Comments you mark as spam leave the posts and are kept here.'],
  '': ['No comments yet', 'Visitors’ comments on posts open to comments show here, those waiting first.'],
};

export function CommentsView(props: CommentsViewProps) {
  const { context, tab, state, settings, message, busy, onTab, onMore, onRetry, onAction, onReply, onDelete, onRequireApproval } = props;
  const [asking, setAsking] = useState<OwnerComment | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useFocusWhenLost(statusRef, message);
  const confirmDelete = async () => {
    if (asking && (await onDelete(asking))) setAsking(null);
  };
  const listed =
    state.status === 'loading'
      ? 'Loading comments…'
      : state.status === 'ready' && state.comments.length > 0
        ? `Showing ${formatCount(context.language, state.comments.length)} ${state.comments.length === 1 ? 'comment' : 'comments'}${state.nextCursor ? ', more to load' : ''}.`
        : '';
  return (
    <>
      <ApprovalSetting settings={settings} onRequireApproval={onRequireApproval} />
      <Tabs tab={tab} state={state} onTab={onTab} />
      <div className="status" role="status" aria-live="polite" tabIndex={-1} ref={statusRef}>
        {message || listed}
      </div>
      {state.status === 'error' && (
        <div className="error-box" role="alert">
          <p>{state.message}</p>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.comments.length === 0 && (
        <div className="empty-state">
          <p className="empty-title">{EMPTY[tab][0]}</p>
          <p className="empty">{EMPTY[tab][1]}</p>
        </div>
      )}
      {state.status === 'ready' && state.comments.length > 0 && (
        <>
          <div className="review-list">
            {state.comments.map((c) => (
              <CommentCard
                key={c.id}
                comment={c}
                language={context.language}
                timeZone={context.timeZone}
                busy={busy.has(c.id)}
                onAction={onAction}
                onReply={onReply}
                onAskDelete={setAsking}
              />
            ))}
          </div>
          {state.nextCursor && <LoadMore more={state.more} onMore={onMore} label="Load more comments" />}
        </>
      )}
      <Dialog open={asking !== null} title="Delete this comment?" onClose={() => setAsking(null)}>
        {asking && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void confirmDelete();
            }}>
            <p>
              The comment by {asking.authorName} on {asking.post.title ?? 'a removed post'} is deleted for good. To keep it off the post but keep a record, mark
              it as spam instead.
            </p>
            <div className="dialog-buttons">
              <button type="submit" className="button-danger" disabled={busy.has(asking.id)}>
                Delete comment
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
