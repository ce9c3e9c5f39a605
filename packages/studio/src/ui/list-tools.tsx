// The tools above a table (customers, inventory): a search applied with Search or Enter, so that
// typing does not reload the list at each key, and selects that apply at once, with the search as
// typed. A refused query's message shows under them, tied to the search field.
import { type FormEvent, useEffect, useId, useState } from 'react';

/** A select of the tools: the query's field it sets, its words, and its choices (value -> words). */
interface ToolSelect<Q> {
  readonly key: keyof Q & string;
  readonly label: string;
  readonly options: Readonly<Record<string, string>>;
}

export interface ListToolsProps<Q extends { readonly q: string }> {
  /** The search field's label ("Search customers"). */
  label: string;
  placeholder: string;
  query: Q;
  selects: readonly ToolSelect<Q>[];
  error?: string;
  onQuery(query: Q): void;
}

export function ListTools<Q extends { readonly q: string }>({ label, placeholder, query, selects, error, onQuery }: ListToolsProps<Q>) {
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onQuery({ ...query, q: text.trim() });
  };
  return (
    <form className="list-tools" role="search" onSubmit={submit}>
      <label>
        {label}
        <input
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button type="submit">Search</button>
      {selects.map((select) => (
        <label key={select.key}>
          {select.label}
          <select value={String(query[select.key])} onChange={(e) => onQuery({ ...query, q: text.trim(), [select.key]: e.target.value } as Q)}>
            {Object.entries(select.options).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}
