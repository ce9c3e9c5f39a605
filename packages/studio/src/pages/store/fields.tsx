// The store settings form's fields: a label, the control, an optional hint and the field's error
// beside it (from the form's own checks or the server's `errors`, keyed by the field's path). Each
// field's id comes from its path, so an error and its input are tied by aria-describedby.
import type { ReactNode } from 'react';

/** The id of the control of a path: `store.coupons.0.code` -> `f-store-coupons-0-code`. */
const fieldId = (path: string) => `f-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

interface Common {
  readonly path: string;
  readonly label: ReactNode;
  readonly error?: string;
  readonly hint?: ReactNode;
  readonly className?: string;
}

function described(path: string, error?: string, hint?: ReactNode) {
  const ids = [hint ? `${fieldId(path)}-hint` : '', error ? `${fieldId(path)}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

function Notes({ path, error, hint }: Pick<Common, 'path' | 'error' | 'hint'>) {
  return (
    <>
      {hint && (
        <span className="field-hint" id={`${fieldId(path)}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${fieldId(path)}-error`}>
          {error}
        </span>
      )}
    </>
  );
}

export function TextField({
  path,
  label,
  error,
  hint,
  className,
  value,
  onChange,
  inputMode,
  type = 'text',
  suffix,
  maxLength,
  autoComplete = 'off',
}: Common & {
  value: string;
  onChange(value: string): void;
  inputMode?: 'decimal' | 'numeric' | 'text';
  type?: 'text' | 'datetime-local';
  /** Shown after the input (a currency code, "%", "hours"). */
  suffix?: string;
  maxLength?: number;
  autoComplete?: string;
}) {
  const id = fieldId(path);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <span className={suffix ? 'input-with-suffix' : undefined}>
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          value={value}
          maxLength={maxLength}
          autoComplete={autoComplete}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          {...described(path, error, hint)}
        />
        {suffix && (
          <span className="input-suffix" aria-hidden="true">
            {suffix}
          </span>
        )}
      </span>
      <Notes path={path} error={error} hint={hint} />
    </div>
  );
}

export function CheckField({ path, label, error, hint, className, checked, onChange }: Common & { checked: boolean; onChange(checked: boolean): void }) {
  const id = fieldId(path);
  return (
    <div className={`field field-check${className ? ` ${className}` : ''}`}>
      <span className="check">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} {...described(path, error, hint)} />
        <label htmlFor={id}>{label}</label>
      </span>
      <Notes path={path} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  path,
  label,
  error,
  hint,
  className,
  value,
  onChange,
  options,
}: Common & { value: string; onChange(value: string): void; options: readonly { value: string; label: string }[] }) {
  const id = fieldId(path);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...described(path, error, hint)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Notes path={path} error={error} hint={hint} />
    </div>
  );
}

export function TextArea({
  path,
  label,
  error,
  hint,
  className,
  value,
  onChange,
  maxLength,
}: Common & { value: string; onChange(value: string): void; maxLength?: number }) {
  const id = fieldId(path);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} rows={2} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} {...described(path, error, hint)} />
      <Notes path={path} error={error} hint={hint} />
    </div>
  );
}
