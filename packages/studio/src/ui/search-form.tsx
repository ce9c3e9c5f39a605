// The search and filters above a list (the reviews, the mailing list): edited as a draft and applied
// together (Apply, or Enter in any field), so that typing a word does not reload the list at each key.
// The page keys the form by its filters, so that the back button's filters show in the fields.
import { type FormEvent, useState } from 'react';

/** A filter chosen from a list, after an "Any …" choice that leaves it out. */
export interface Choice<F> {
  readonly key: keyof F & string;
  readonly label: string;
  /** The words of the empty choice ("Any product"). */
  readonly any: string;
  /** Each choice's value and words. */
  readonly options: readonly (readonly [string, string])[];
  /** The words for a value from the address that the options no longer hold (a product since removed), which stays choosable; without it, no such value is kept. */
  kept?(value: string): string;
}

export interface SearchFormProps<F extends { readonly q: string }> {
  className: string;
  /** The form's name ("Search reviews"). */
  label: string;
  /** The search field's example. */
  placeholder: string;
  filters: F;
  choices: readonly Choice<F>[];
  /** What Clear filters applies; null: nothing narrows the list and the button is not shown. */
  cleared: F | null;
  /** The server's messages about the filters of a refused read. */
  errors: Readonly<Record<string, string>>;
  onFilters(filters: F): void;
}

export function SearchForm<F extends { readonly q: string }>({
  className,
  label,
  placeholder,
  filters,
  choices,
  cleared,
  errors,
  onFilters,
}: SearchFormProps<F>) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof F & string) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilters({ ...draft, q: draft.q.trim() });
  };
  return (
    <form className={className} role="search" aria-label={label} onSubmit={submit}>
      <label>
        Search
        <input type="search" value={draft.q} maxLength={200} placeholder={placeholder} onChange={set('q')} />
      </label>
      {choices.map((choice) => {
        const value = String(draft[choice.key] ?? '');
        const options =
          value && choice.kept && !choice.options.some(([v]) => v === value) ? [...choice.options, [value, choice.kept(value)] as const] : choice.options;
        return (
          <label key={choice.key}>
            {choice.label}
            <select value={value} onChange={set(choice.key)}>
              <option value="">{choice.any}</option>
              {options.map(([v, words]) => (
                <option key={v} value={v}>
                  {words}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      <div className="actions">
        <button type="submit">Apply</button>
        {cleared && (
          <button type="button" className="button-secondary" onClick={() => onFilters(cleared)}>
            Clear filters
          </button>
        )}
      </div>
      {Object.values(errors).map((e) => (
        <p key={e} className="field-error">
          {e}
        </p>
      ))}
    </form>
  );
}
