/** Likert answers -2..2 and their labels (platform.md section 9). */
export const LIKERT_LABELS: Readonly<Record<'-2' | '-1' | '0' | '1' | '2', string>> = Object.freeze({
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
});

/** The label of a likert answer given as number or text; undefined outside -2..2. */
export function likertLabel(value: unknown): string | undefined {
  const key = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return Object.hasOwn(LIKERT_LABELS, key) ? LIKERT_LABELS[key as keyof typeof LIKERT_LABELS] : undefined;
}

/** The empty form answer in summaries. */
export const EMPTY_FORM_ANSWER = 'N/A';

/** `No Comments`, `1 Comment`, `n Comments`. */
export function commentCountLabel(count: unknown): string {
  const n = typeof count === 'number' && Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  if (n === 0) return 'No Comments';
  return n === 1 ? '1 Comment' : `${n} Comments`;
}

/**
 * Comments are shown when commentState is 1 or the public comment count is above 0, and
 * hidden when the site turns comments off (commentsEnabled false; unset counts as on).
 */
export function commentsShown(item: { readonly commentState?: unknown; readonly publicCommentCount?: unknown }, commentsEnabled?: boolean): boolean {
  if (commentsEnabled === false) return false;
  return Number(item.commentState) === 1 || Number(item.publicCommentCount) > 0;
}
