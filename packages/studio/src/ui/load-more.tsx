// The button under a list that fetches its next page, with the error of a failed fetch beside it.
// A list's `more` is 'idle', 'loading', or the message of the last failure.

export function LoadMore({ more, onMore, label }: { more: string; onMore: () => void; label: string }) {
  return (
    <div className="load-more">
      <button type="button" className="button-secondary" disabled={more === 'loading'} onClick={onMore}>
        {more === 'loading' ? 'Loading…' : label}
      </button>
      {more !== 'idle' && more !== 'loading' && (
        <p className="field-error" role="alert">
          {more}
        </p>
      )}
    </div>
  );
}
