// The settings panels' fields: a label, the control, and the error of the field (from the checks in
// the browser or from the server's 400) beside it, tied to it by aria-describedby.
import type { Breakpoint, Visibility } from '@tessera/core/layout';
import { type ReactNode, useId } from 'react';

interface FieldProps<T> {
  readonly label: string;
  readonly value: T;
  onChange(value: T): void;
  readonly error?: string;
  readonly hint?: string;
  readonly disabled?: boolean;
}

function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </>
  );
}

const described = (id: string, error?: string, hint?: string) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function TextField({ label, value, onChange, error, hint, disabled, type = 'text' }: FieldProps<string> & { type?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextArea({ label, value, onChange, error, hint, disabled, rows = 4, readOnly }: FieldProps<string> & { rows?: number; readOnly?: boolean }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        disabled={disabled}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function NumberField({ label, value, onChange, error, hint, min, max }: FieldProps<number> & { min: number; max: number }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={Number.isFinite(value) ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value, 10);
          if (Number.isFinite(n)) onChange(Math.max(min, Math.min(max, n)));
        }}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  onChange,
  error,
  hint,
  options,
}: FieldProps<T> & { options: readonly (readonly [T, string])[] }) {
  const id = useId();
  const known = options.some(([v]) => v === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, error, hint)}
        onChange={(e) => {
          const picked = options.find(([v]) => String(v) === e.target.value);
          if (picked) onChange(picked[0]);
        }}>
        {!known && <option value={String(value)}>{String(value) || 'Choose…'}</option>}
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckField({ label, value, onChange, error }: FieldProps<boolean>) {
  const id = useId();
  return (
    <div className="field editor-check">
      <input id={id} type="checkbox" checked={value} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      <Message id={id} error={error} />
    </div>
  );
}

/** A group of fields with its legend (spacing on each screen size, what a block shows). */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="editor-fieldset">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

const HIDE_LABELS: readonly (readonly [Breakpoint, string])[] = [
  ['mobile', 'Hide on phones'],
  ['desktop', 'Hide on desktops'],
];

/** Hidden on a phone or a desktop (the spec's breakpoints): the theme hides it by CSS, never leaves it out. */
export function HiddenFields({ hidden, onChange }: { hidden: Visibility; onChange(hidden: Visibility): void }) {
  return (
    <>
      {HIDE_LABELS.map(([size, label]) => (
        <CheckField key={size} label={label} value={hidden[size]} onChange={(on) => onChange({ ...hidden, [size]: on })} />
      ))}
    </>
  );
}
