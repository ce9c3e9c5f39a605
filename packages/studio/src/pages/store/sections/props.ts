import type { StoreSettings } from '../calls.js';
import type { Draft, FieldErrors } from '../draft.js';

/** What every section of the form gets: the draft, the errors by path, the answer it came from. */
export interface SectionProps {
  readonly draft: Draft;
  readonly errors: FieldErrors;
  readonly settings: StoreSettings;
  /** The site's time zone: coupon dates are read and typed in it. */
  readonly zone: string;
  /** Replaces the draft and drops the errors of `clear`: a field's path, or a prefix ending in "." for a list whose rows moved. */
  edit(next: Draft, clear?: string): void;
}

/** A list with one row changed. */
export function setRow<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((row, i) => (i === index ? { ...row, ...patch } : row));
}

/** The currency's code and fraction digits, for money fields. */
export function currencyOf(props: Pick<SectionProps, 'draft' | 'settings'>) {
  const code = props.draft.currency;
  return { code, digits: props.settings.currencies.find((c) => c.code === code)?.fractionDigits ?? 2 };
}
