// A read that failed: the reason, and Try again to read anew (the same box on every studio page).

export function ErrorBox({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="error-box" role="alert">
      <p>{message}</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
