// The owner's comment moderation (/config/comments): CommentsPage holds the state tab, the comments
// loaded so far, the counts and the approval setting, and calls the API; CommentsView draws. Every
// action says its result in the page's live region.
import type { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type CommentCounts, type CommentSettings, type CommentStatus, type OwnerComment, commentCalls } from './calls.js';
import { CommentsView } from './view.js';

export interface CommentsContext extends StudioContext {
  readonly timeZone?: string;
}

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; comments: OwnerComment[]; nextCursor: string | null; counts: CommentCounts; more: 'idle' | 'loading' | string }
  | { status: 'error'; message: string };

export type SettingsState = { status: 'loading' } | ({ status: 'ready'; saving: boolean } & CommentSettings) | { status: 'error'; message: string };

export type CommentAction = 'approve' | 'spam';

const PAGE = '/config/comments';
const DONE: Record<CommentAction, string> = { approve: 'Approved', spam: 'Marked as spam' };
const who = (c: OwnerComment) => `the comment by ${c.authorName}`;

function tabOf(search: string): CommentStatus | '' {
  const s = new URLSearchParams(search).get('status');
  return s === 'pending' || s === 'approved' || s === 'spam' ? s : '';
}

export default function CommentsPage({ context, api }: PageProps<CommentsContext>) {
  const calls = useMemo(() => commentCalls(api), [api]);
  const [tab, setTab] = useState<CommentStatus | ''>(() => tabOf(location.search));
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [settings, setSettings] = useState<SettingsState>({ status: 'loading' });
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [attempt, setAttempt] = useState(0);

  const gone = useCallback((error: ApiError) => {
    if (error.status === 401) signInAgain(`${PAGE}${location.search}`);
  }, []);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.list(tab).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', ...answer.data, more: 'idle' });
      gone(answer);
      setState({ status: 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, tab, attempt, gone]);

  useEffect(() => {
    void calls.settings().then((answer) => {
      if (answer.ok) return setSettings({ status: 'ready', saving: false, ...answer.data });
      gone(answer);
      setSettings({ status: 'error', message: answer.message });
    });
  }, [calls, gone]);

  useEffect(() => {
    const onPop = () => setTab(tabOf(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onTab = useCallback((next: CommentStatus | '') => {
    history.pushState(null, '', next ? `${PAGE}?status=${next}` : PAGE);
    setMessage('');
    setTab(next);
  }, []);

  const onMore = () => {
    if (state.status !== 'ready' || !state.nextCursor || state.more === 'loading') return;
    setState({ ...state, more: 'loading' });
    void calls.list(tab, state.nextCursor).then((answer) => {
      if (!answer.ok) gone(answer);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (!answer.ok) return { ...s, more: answer.message };
        return { ...s, comments: [...s.comments, ...answer.data.comments], nextCursor: answer.data.nextCursor, more: 'idle' };
      });
    });
  };

  const setBusyFor = (id: string, on: boolean) =>
    setBusy((b) => {
      const next = new Set(b);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** The list after a comment changed (or left, or a reply came): a comment leaves a tab of another state. */
  const changed = (id: string, after: OwnerComment | null, counts: CommentCounts | null, added: OwnerComment | null = null) =>
    setState((s) => {
      if (s.status !== 'ready') return s;
      const stays = after && (!tab || after.status === tab);
      let comments = stays ? s.comments.map((c) => (c.id === id ? after : c)) : s.comments.filter((c) => c.id !== id);
      if (added && (!tab || added.status === tab)) comments = [added, ...comments];
      return { ...s, comments, counts: counts ?? s.counts };
    });

  const onAction = async (comment: OwnerComment, action: CommentAction) => {
    setBusyFor(comment.id, true);
    const answer = await calls[action](comment.id);
    setBusyFor(comment.id, false);
    if (answer.ok) {
      changed(comment.id, answer.data.comment, answer.data.counts);
      return setMessage(`${DONE[action]}: ${who(comment)}.`);
    }
    gone(answer);
    if (answer.status === 404) {
      changed(comment.id, null, null);
      return setMessage('This comment was deleted meanwhile.');
    }
    setMessage(answer.message);
  };

  const onReply = async (comment: OwnerComment, text: string): Promise<string | null> => {
    setBusyFor(comment.id, true);
    const answer = await calls.reply(comment.id, text);
    setBusyFor(comment.id, false);
    if (answer.ok) {
      changed(comment.id, comment, answer.data.counts, answer.data.comment);
      setMessage(`Posted your reply to ${who(comment)}.`);
      return null;
    }
    gone(answer);
    return answer.fieldErrors.text ?? answer.message;
  };

  const onDelete = async (comment: OwnerComment): Promise<boolean> => {
    setBusyFor(comment.id, true);
    const answer = await calls.remove(comment.id);
    setBusyFor(comment.id, false);
    if (answer.ok || answer.status === 404) {
      changed(comment.id, null, answer.ok ? answer.data.counts : null);
      setMessage(`Deleted ${who(comment)}.`);
      return true;
    }
    gone(answer);
    setMessage(answer.message);
    return false;
  };

  const onRequireApproval = async (on: boolean) => {
    if (settings.status !== 'ready') return;
    setSettings({ ...settings, saving: true });
    const answer = await calls.saveSettings(on);
    if (answer.ok) {
      setSettings({ status: 'ready', saving: false, ...answer.data });
      return setMessage(on ? 'New comments now wait for your approval.' : 'New comments are now published at once.');
    }
    gone(answer);
    setSettings({ ...settings, saving: false });
    setMessage(answer.message);
  };

  return (
    <CommentsView
      context={context}
      tab={tab}
      state={state}
      settings={settings}
      message={message}
      busy={busy}
      onTab={onTab}
      onMore={onMore}
      onRetry={() => setAttempt((n) => n + 1)}
      onAction={onAction}
      onReply={onReply}
      onDelete={onDelete}
      onRequireApproval={onRequireApproval}
    />
  );
}
