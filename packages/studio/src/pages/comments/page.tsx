// The owner's comment moderation (/config/comments): CommentsPage holds the state tab, the comments
// loaded so far, the counts and the approval setting (in the moderation queue it shares with the
// reviews page), and calls the API; CommentsView draws. Every action says its result in the page's
// live region.
import { useMemo } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { asPage } from '../../ui/address-list.js';
import { type SettingsState, replaced, useModerationQueue } from '../../ui/moderation-queue.js';
import { type CommentCounts, type CommentSettings, type CommentStatus, type OwnerComment, commentCalls } from './calls.js';
import { CommentsView } from './view.js';

export interface CommentsContext extends StudioContext {
  readonly timeZone?: string;
}

export type CommentSettingsState = SettingsState<CommentSettings>;
export type CommentAction = 'approve' | 'spam';

const DONE: Record<CommentAction, string> = { approve: 'Approved', spam: 'Marked as spam' };
const who = (c: OwnerComment) => `the comment by ${c.authorName}`;

function tabOf(search: string): CommentStatus | '' {
  const s = new URLSearchParams(search).get('status');
  return s === 'pending' || s === 'approved' || s === 'spam' ? s : '';
}

export default function CommentsPage({ context, api }: PageProps<CommentsContext>) {
  const calls = useMemo(() => commentCalls(api), [api]);
  const queue = useModerationQueue({
    path: '/config/comments',
    fromSearch: tabOf,
    searchOf: (tab: CommentStatus | '') => (tab ? `?status=${tab}` : ''),
    list: async (tab, cursor) => asPage(await calls.list(tab, cursor), ({ comments, ...rest }) => ({ items: comments, ...rest })),
    settings: calls.settings,
  });
  const { query: tab, settings, setSettings, say, run } = queue;

  /** The list after a comment changed (or left, or a reply came): a comment leaves a tab of another state. */
  const changed = (id: string, after: OwnerComment | null, counts: CommentCounts | null, added: OwnerComment | null = null) =>
    queue.change((s) => {
      const shows = (c: OwnerComment) => !tab || c.status === tab;
      const items = replaced(s.items, id, after, shows);
      return { ...s, items: added && shows(added) ? [added, ...items] : items, counts: counts ?? s.counts };
    });

  const onAction = async (comment: OwnerComment, action: CommentAction) => {
    const answer = await run(comment.id, () => calls[action](comment.id));
    if (answer.ok) {
      changed(comment.id, answer.data.comment, answer.data.counts);
      return say(`${DONE[action]}: ${who(comment)}.`);
    }
    if (answer.status === 404) {
      changed(comment.id, null, null);
      return say('This comment was deleted meanwhile.');
    }
    say(answer.message);
  };

  const onReply = async (comment: OwnerComment, text: string): Promise<string | null> => {
    const answer = await run(comment.id, () => calls.reply(comment.id, text));
    if (!answer.ok) return answer.fieldErrors.text ?? answer.message;
    changed(comment.id, comment, answer.data.counts, answer.data.comment);
    say(`Posted your reply to ${who(comment)}.`);
    return null;
  };

  const onDelete = async (comment: OwnerComment): Promise<boolean> => {
    const answer = await run(comment.id, () => calls.remove(comment.id));
    if (answer.ok || answer.status === 404) {
      changed(comment.id, null, answer.ok ? answer.data.counts : null);
      say(`Deleted ${who(comment)}.`);
      return true;
    }
    say(answer.message);
    return false;
  };

  const onRequireApproval = async (on: boolean) => {
    if (settings.status !== 'ready') return;
    setSettings({ ...settings, saving: true });
    const answer = await calls.saveSettings(on);
    if (answer.ok) {
      setSettings({ status: 'ready', saving: false, ...answer.data });
      return say(on ? 'New comments now wait for your approval.' : 'New comments are now published at once.');
    }
    queue.gone(answer);
    setSettings({ ...settings, saving: false });
    say(answer.message);
  };

  return (
    <CommentsView
      context={context}
      tab={tab}
      queue={queue}
      settings={settings}
      onTab={queue.onQuery}
      onAction={onAction}
      onReply={onReply}
      onDelete={onDelete}
      onRequireApproval={onRequireApproval}
    />
  );
}
