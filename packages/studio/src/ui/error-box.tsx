// A read that failed: the reason, and Try again to read anew (the same box on every studio page);
// without onRetry (what was asked for does not exist), the reason alone.

export function ErrorBox({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-box" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
