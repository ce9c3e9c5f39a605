// The comment moderation page, drawn from props only (page.tsx holds the state and calls the API):
// the approval setting, the state tabs with their counts, the comments (waiting first), Load more,
// and the confirmation before a comment is deleted, in the moderation list the reviews page shares.
import { EmptyState } from '../../ui/list-parts.js';
import type { ListProps } from '../../ui/address-list.js';
import { ApprovalSwitch, ModerationList, StatusTabs } from '../../ui/moderation-list.js';
import type { CommentCounts, CommentStatus, OwnerComment } from './calls.js';
import { CommentCard } from './comment-card.js';
import type { CommentAction, CommentSettingsState, CommentsContext } from './page.js';

export interface CommentsViewProps {
  context: CommentsContext;
  tab: CommentStatus | '';
  queue: ListProps<OwnerComment, CommentCounts>;
  settings: CommentSettingsState;
  onTab(tab: CommentStatus | ''): void;
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

const EMPTY: Record<CommentStatus | '', [string, string]> = {
  pending: ['No comments are waiting', 'Comments that wait for your approval show here, newest first.'],
  approved: ['No approved comments', 'Comments shown under posts are listed here.'],
  spam: ['No spam', 'Comments you mark as spam leave the posts and are kept here.'],
  '': ['No comments yet', 'Visitors’ comments on posts open to comments show here, those waiting first.'],
};

export function CommentsView(props: CommentsViewProps) {
  const { context, tab, queue, settings, onTab, onAction, onReply, onDelete, onRequireApproval } = props;
  return (
    <>
      <ApprovalSwitch
        settings={settings}
        label="Comments need approval"
        loading="Loading the comment setting…"
        hintId="comment-setting-hint"
        isOn={(s) => s.commentsRequireApproval}
        hint={(s) =>
          (s.commentsRequireApproval
            ? 'A visitor’s comment shows under the post once you approve it.'
            : 'A visitor’s comment shows under the post at once; you may still mark it as spam or delete it.') +
          (s.commentsEnabled ? '' : ' Comments are turned off in the site’s settings: posts show none.')
        }
        onChange={onRequireApproval}
      />
      <StatusTabs
        label="Comments by state"
        tabs={TABS}
        current={tab}
        counts={queue.state.status === 'ready' ? queue.state.counts : null}
        hrefOf={(status) => (status ? `/config/comments?status=${status}` : '/config/comments')}
        onTab={onTab}
      />
      <ModerationList
        {...queue}
        language={context.language}
        loading="Loading comments…"
        noun={['comment', 'comments']}
        empty={
          <EmptyState title={EMPTY[tab][0]}>
            <p className="empty">{EMPTY[tab][1]}</p>
          </EmptyState>
        }
        more="Load more comments"
        card={(c, own) => <CommentCard {...own} comment={c} context={context} onAction={onAction} onReply={onReply} />}
        confirm={{
          title: 'Delete this comment?',
          button: 'Delete comment',
          text: (c) =>
            `The comment by ${c.authorName} on ${c.post.title ?? 'a removed post'} is deleted for good. To keep it off the post but keep a record, mark it as spam instead.`,
        }}
        onDelete={onDelete}
      />
    </>
  );
}
