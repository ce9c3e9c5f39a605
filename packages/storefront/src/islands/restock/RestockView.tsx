// The restock form, drawn from props only (STYLE.md "Page and View"), with the engine's classes so
// the theme's styles apply. On success the call to action stays and the success text replaces the
// rest (storefront.md section 4, "Restock form").
import { RESTOCK_NOTIFICATION as R } from '@tessera/core/markup';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { RestockModel } from './model.js';

export type RestockStatus = 'idle' | 'submitting' | 'success' | 'failed';

export interface RestockViewProps {
  readonly model: RestockModel;
  readonly status: RestockStatus;
  readonly email: string;
  readonly joinMailingList: boolean;
  readonly error: string | null;
  readonly successText: string;
  /** The captcha widget (null when the form has none, or once it is destroyed). */
  readonly captcha: ReactNode;
  onEmail(value: string): void;
  onJoinMailingList(value: boolean): void;
  onSubmit(): void;
}

export function RestockView({ model, status, email, joinMailingList, error, successText, captcha, onEmail, onJoinMailingList, onSubmit }: RestockViewProps) {
  const errorId = useId();
  const cta = <span className={R.ctaClass}>{model.cta}</span>;
  if (status === 'success') {
    return (
      <>
        {cta}
        <p className={R.successClass} role="status">
          {successText}
        </p>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      {cta}
      <form className={R.formClass} action="#" noValidate onSubmit={submit} aria-busy={status === 'submitting'}>
        <input
          type="text"
          name={R.emailInputName}
          placeholder={model.placeholder}
          spellCheck={false}
          autoComplete="email"
          inputMode="email"
          // The engine's input has no label: the placeholder's words name it for assistive technology.
          aria-label={model.placeholder || 'Email address'}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          value={email}
          onChange={(e) => onEmail(e.target.value)}
        />
        <input className={R.submitClass} type="submit" value={model.buttonText} disabled={status === 'submitting'} />
        {/* Under the address it is about. */}
        {error && (
          <p className={R.errorClass} id={errorId} role="alert">
            {error}
          </p>
        )}
        {/* Inside the form: the self-hosted widget starts its work when the visitor enters the form. */}
        {captcha}
      </form>
      {model.mailingList && (
        <label className={R.mailingListClass}>
          <input type="checkbox" name={R.mailingListInputName} checked={joinMailingList} onChange={(e) => onJoinMailingList(e.target.checked)} />
          {model.mailingList.description}
        </label>
      )}
    </>
  );
}
