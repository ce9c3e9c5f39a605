// The moderation queue the comments and reviews pages share, drawn from props only: the switch that
// makes new ones wait for approval, the state tabs with their counts, the cards with their action row
// (approve, the page's own, reply in place, delete), Load more, the empty and error states, and the
// confirmation before a deletion. A page passes what is its own: its words, its card's heading and
// text, and its calls (moderation-queue.ts holds the state).
import { type FormEvent, Fragment, type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ErrorBox } from './error-box.js';
import { ConfirmDialog, ListStatus, showing } from './list-parts.js';
import { LoadMore } from './load-more.js';
import type { ListProps } from './address-list.js';
import type { SettingsState } from './moderation-queue.js';
import { type BadgeTone, StatusBadge } from './status-badge.js';

export interface ApprovalSwitchProps<S> {
  settings: SettingsState<S>;
  label: string;
  /** Said while the setting loads. */
  loading: string;
  hintId: string;
  isOn(settings: S): boolean;
  /** What the setting means now, under the switch. */
  hint(settings: S): string;
  onChange(on: boolean): void;
}

export function ApprovalSwitch<S>({ settings, label, loading, hintId, isOn, hint, onChange }: ApprovalSwitchProps<S>) {
  if (settings.status === 'loading') return <p className="muted">{loading}</p>;
  if (settings.status === 'error') return <p className="status-error">{settings.message}</p>;
  const on = isOn(settings);
  return (
    <div className="review-setting">
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={settings.saving}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      <p id={hintId} className="hint">
        {hint(settings)}
      </p>
    </div>
  );
}

export interface StatusTabsProps<K extends string> {
  /** The navigation's name ("Reviews by state"). */
  label: string;
  /** Each tab's state ('' for all) and words, in order. */
  tabs: readonly (readonly [K | '', string])[];
  current: K | '';
  /** The count per state, once the list is read; All shows their sum. */
  counts: Readonly<Record<K, number>> | null;
  hrefOf(status: K | ''): string;
  onTab(status: K | ''): void;
}

/** Links, so that a tab opens in a new window too; a click stays in the page. */
export function StatusTabs<K extends string>({ label, tabs, current, counts, hrefOf, onTab }: StatusTabsProps<K>) {
  const all = counts ? (Object.values(counts) as number[]).reduce((sum, n) => sum + n, 0) : null;
  return (
    <nav className="review-tabs" aria-label={label}>
      <ul>
        {tabs.map(([status, words]) => {
          const count = counts ? (status ? counts[status] : all) : null;
          const go = (event: MouseEvent) => {
            event.preventDefault();
            onTab(status);
          };
          return (
            <li key={words}>
              <a href={hrefOf(status)} aria-current={current === status ? 'page' : undefined} onClick={go}>
                {words}
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

/** A button of a card's action row besides Reply and Delete. */
export interface CardAction {
  /** Its words; the card adds whose item it acts on for screen readers. */
  readonly label: string;
  /** The row's main action (Approve) is drawn as a primary button. */
  readonly primary?: boolean;
  run(): void;
}

interface CardReply {
  /** The button's words ("Reply", "Edit reply"). */
  readonly button: string;
  /** The field's label and its hint in parentheses. */
  readonly label: string;
  readonly hint: string;
  /** The submit button's words. */
  readonly submit: string;
  /** A reply saved on the item (a review's): shown under the text, and the form opens with it to edit. Without one, a canceled draft is kept for the next opening. */
  readonly saved?: string | null;
  /** Saves the text; answers the message to show beside the field, or null when saved. */
  send(text: string): Promise<string | null>;
}

/** What the list decides of a card: whether its call is on its way, and the deletion's confirmation. */
export interface CardState {
  busy: boolean;
  onAskDelete(): void;
}

export interface ModerationCardProps extends CardState {
  /** The article's classes and its data attribute naming the item (`data-review-id`). */
  className: string;
  data: Readonly<Record<`data-${string}`, string>>;
  /** What comes before the subject in the heading (the author, the stars). */
  heading: ReactNode;
  /** What the item is about (a post, a product), linked when it is still on the site. */
  subject: { title: string; url: string | null };
  status: readonly [string, BadgeTone];
  /** The line under the heading (who, when, where from). */
  meta: ReactNode;
  /** The item's text. */
  children: ReactNode;
  /** Who wrote it, for "Reply to …". */
  author: string;
  /** The item in words, for screen readers after each action ("the review by Ada"). */
  what: string;
  actions: readonly CardAction[];
  /** null: the item takes no reply (the site's own). */
  reply: CardReply | null;
}

export function ModerationCard(props: ModerationCardProps) {
  const { className, data, heading, subject, status, meta, children, author, what, actions, reply, busy, onAskDelete } = props;
  const [replying, setReplying] = useState(false);
  const [draft, setDraft] = useState(reply?.saved ?? '');
  const [error, setError] = useState('');
  const ids = useId();
  const replyButton = useRef<HTMLButtonElement>(null);
  const wasReplying = useRef(false);
  // The form closed (saved or canceled): the focus goes back to the button that opened it.
  useEffect(() => {
    if (wasReplying.current && !replying) replyButton.current?.focus();
    wasReplying.current = replying;
  }, [replying]);

  const open = () => {
    if (reply?.saved !== undefined) {
      setDraft(reply.saved ?? '');
      setError('');
    }
    setReplying(true);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await reply!.send(draft);
    if (problem) return setError(problem);
    setDraft('');
    setError('');
    setReplying(false);
  };

  return (
    <article className={className} aria-labelledby={`${ids}-title`} {...data}>
      <header className="review-card-head">
        <h2 id={`${ids}-title`} className="review-card-title">
          {heading} <span className="review-card-product">{subject.url ? <a href={subject.url}>{subject.title}</a> : subject.title}</span>
        </h2>
        <StatusBadge tone={status[1]} label="State">
          {status[0]}
        </StatusBadge>
      </header>
      <p className="review-card-meta">{meta}</p>
      {children}
      {reply?.saved && !replying && (
        <div className="review-card-reply">
          <p className="review-card-reply-title">Your reply</p>
          <p>{reply.saved}</p>
        </div>
      )}
      {replying && reply ? (
        <form className="review-reply-form" onSubmit={save} aria-label={`Reply to ${author}`}>
          <label htmlFor={`${ids}-reply`}>
            {reply.label} <span className="hint">({reply.hint})</span>
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
              {reply.submit}
            </button>
            <button type="button" className="button-secondary" onClick={() => setReplying(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="actions review-card-actions">
          {actions.map((action) => (
            <button key={action.label} type="button" className={action.primary ? undefined : 'button-secondary'} disabled={busy} onClick={action.run}>
              {action.label} <span className="visually-hidden">{what}</span>
            </button>
          ))}
          {reply && (
            <button type="button" className="button-secondary" disabled={busy} onClick={open} ref={replyButton}>
              {reply.button} <span className="visually-hidden">to {author}</span>
            </button>
          )}
          <button type="button" className="button-secondary review-delete" disabled={busy} onClick={onAskDelete}>
            Delete <span className="visually-hidden">{what}</span>
          </button>
        </div>
      )}
    </article>
  );
}

export interface ModerationListProps<T extends { id: string }> extends ListProps<T, unknown> {
  language: string;
  /** The list's words: said while it loads, and its noun for "Showing 2 comments". */
  loading: string;
  noun: readonly [string, string];
  /** A filter besides the state narrows the list. */
  narrowed?: boolean;
  /** Also show the loading words in the page, not only to screen readers. */
  loadingNote?: boolean;
  empty: ReactNode;
  /** The Load more button's words. */
  more: string;
  /** Draws an item's card, passing on to ModerationCard what the list decides. */
  card(item: T, own: CardState): ReactNode;
  /** The confirmation before a deletion: its title, its button and what it deletes. */
  confirm: { readonly title: string; readonly button: string; text(item: T): ReactNode };
  onDelete(item: T): Promise<boolean>;
}

export function ModerationList<T extends { id: string }>(props: ModerationListProps<T>) {
  const { language, state, message, busy, loading, noun, narrowed = false, loadingNote, empty, more, card, confirm, onMore, onRetry, onDelete } = props;
  const [asking, setAsking] = useState<T | null>(null);
  const listed =
    state.status === 'loading'
      ? loading
      : state.status === 'ready' && state.items.length > 0
        ? showing(language, state.items.length, noun, narrowed, !!state.nextCursor)
        : '';
  return (
    <>
      <ListStatus message={message} listed={listed} />
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {state.status === 'loading' && loadingNote && <p className="muted review-loading">{loading}</p>}
      {state.status === 'ready' && state.items.length === 0 && empty}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <div className="review-list">
            {state.items.map((item) => (
              <Fragment key={item.id}>{card(item, { busy: busy.has(item.id), onAskDelete: () => setAsking(item) })}</Fragment>
            ))}
          </div>
          {state.nextCursor && <LoadMore more={state.more} onMore={onMore} label={more} />}
        </>
      )}
      <ConfirmDialog
        asking={asking}
        title={confirm.title}
        confirm={confirm.button}
        text={confirm.text}
        busy={(item) => busy.has(item.id)}
        onConfirm={onDelete}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
