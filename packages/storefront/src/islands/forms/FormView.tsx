// The site form, drawn from props only (STYLE.md "Page and View"): the same elements and classes
// as the theme's blocks/form.block, so the theme's styles apply, plus the states the page holds.
import { FORM_MARKERS } from '@tessera/core/markup';
import { FORM_MESSAGES, textareaCounter, type FormFieldInput } from '@tessera/core/validation';
import { LIKERT_LABELS } from '@tessera/core/format';
import type { ReactNode } from 'react';
import type { FieldModel, FormModel, InputModel } from './model.js';
import { LIKERT_VALUES, pick, type FieldInputs } from './values.js';

export type FormStatus = 'idle' | 'submitting' | 'success' | 'failed';

export interface FormViewProps {
  readonly model: FormModel;
  readonly inputs: FieldInputs;
  /** Field id -> message. */
  readonly errors: Readonly<Record<string, string>>;
  /** A message about the whole form (a failed key, a 429, the server's text), shown below it. */
  readonly formError: string | null;
  readonly captchaError: string | null;
  readonly status: FormStatus;
  readonly submitDisabled: boolean;
  /** The captcha container, drawn by the page (it holds a live widget). */
  readonly captcha?: ReactNode;
  readonly honeypot: string;
  /** Whether the visitor ticked "I agree" under the disclaimer. */
  readonly agreed: boolean;
  readonly onAgree: (agreed: boolean) => void;
  readonly onInput: (fieldId: string, input: FormFieldInput) => void;
  readonly onHoneypot: (value: string) => void;
  readonly onSubmit: () => void;
}

// HTML attribute names as the markup writes them -> React's prop names.
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  maxlength: 'maxLength',
  minlength: 'minLength',
  inputmode: 'inputMode',
  autocomplete: 'autoComplete',
  spellcheck: 'spellCheck',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  autofocus: 'autoFocus',
};
const BOOLEAN_PROPS = new Set(['required', 'disabled', 'readOnly', 'autoFocus', 'multiple']);

function propsOf(attrs: Readonly<Record<string, string>>, extraDescribedBy?: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    const prop = PROP_NAMES[name] ?? name;
    props[prop] = BOOLEAN_PROPS.has(prop) ? true : value;
  }
  if (extraDescribedBy) props['aria-describedby'] = [attrs['aria-describedby'], extraDescribedBy].filter(Boolean).join(' ');
  return props;
}

const errorId = (model: FormModel, field: FieldModel) => `${model.elementId || model.id}-${field.id}-error`;

function Control({
  input,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  input: InputModel;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  // A textarea's limit is the live counter's and the message's business (storefront.md section 5):
  // the browser's own maxlength would silently cut a pasted text instead of saying it is too long.
  const attrs = input.tag === 'textarea' ? Object.fromEntries(Object.entries(input.attrs).filter(([name]) => name !== 'maxlength')) : input.attrs;
  const props = {
    ...propsOf(attrs, describedBy),
    'aria-invalid': invalid || undefined,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  if (input.tag === 'textarea') return <textarea {...props} />;
  if (input.tag === 'select') {
    return (
      <select {...props}>
        {input.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return <input {...props} />;
}

function Label({ field, htmlFor }: { field: FieldModel; htmlFor?: string }) {
  const mark = field.required ? (
    <span className="form-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
  return htmlFor !== undefined ? (
    <label className="form-label" htmlFor={htmlFor}>
      {field.title}
      {mark}
    </label>
  ) : (
    <legend className="form-label">
      {field.title}
      {mark}
    </legend>
  );
}

function Description({ field }: { field: FieldModel }) {
  return field.description ? (
    <p className="form-description" id={field.descriptionId}>
      {field.description}
    </p>
  ) : null;
}

function FieldBody({
  model,
  field,
  input,
  error,
  onInput,
}: {
  model: FormModel;
  field: FieldModel;
  input: FormFieldInput;
  error?: string;
  onInput: (input: FormFieldInput) => void;
}) {
  const invalid = error !== undefined;
  const describedBy = invalid ? errorId(model, field) : undefined;
  const groupDescribedBy = field.descriptionId;
  switch (field.kind) {
    case 'single': {
      const value = input.values?.[0] ?? '';
      const control = <Control input={field.input!} value={value} invalid={invalid} describedBy={describedBy} onChange={(v) => onInput({ values: [v] })} />;
      const counter = field.type === 'textarea' ? textareaCounter(value, field.maxLength) : null;
      return (
        <>
          <Label field={field} htmlFor={field.input!.attrs.id ?? ''} />
          <Description field={field} />
          {field.affix !== undefined ? (
            <div className="form-affix">
              <span className="form-affix__text" aria-hidden="true">
                {field.affix}
              </span>
              {control}
            </div>
          ) : (
            control
          )}
          {counter && (
            <p className={`${FORM_MARKERS.textareaCounterClass}${counter.over ? ` ${FORM_MARKERS.textareaCounterErrorClass}` : ''}`} aria-live="polite">
              {counter.text}
            </p>
          )}
        </>
      );
    }
    case 'parts':
      return (
        <fieldset className="form-group" aria-describedby={[groupDescribedBy, describedBy].filter(Boolean).join(' ') || undefined}>
          <Label field={field} />
          <Description field={field} />
          <div className={field.partsClassName}>
            {field.parts!.map((part, i) => (
              <div className={part.className} key={part.part}>
                <label className="form-sublabel" htmlFor={part.input.attrs.id}>
                  {part.label}
                </label>
                <Control
                  input={part.input}
                  value={input.values?.[i] ?? ''}
                  invalid={invalid}
                  onChange={(v) => {
                    const values = [...(input.values ?? [])];
                    values[i] = v;
                    onInput({ values });
                  }}
                />
              </div>
            ))}
          </div>
        </fieldset>
      );
    case 'choice': {
      const single = field.type === 'radio';
      return (
        <fieldset className="form-group" aria-describedby={[groupDescribedBy, describedBy].filter(Boolean).join(' ') || undefined}>
          <Label field={field} />
          <Description field={field} />
          <div className="form-choices">
            {field.choices!.map((choice) => {
              const checked = input.choices?.find((c) => c.value === choice.value)?.checked ?? false;
              return (
                <label className="form-choice" key={choice.value}>
                  <input
                    type={field.type}
                    name={field.id}
                    value={choice.value}
                    checked={checked}
                    required={single && field.required ? true : undefined}
                    aria-invalid={invalid || undefined}
                    onChange={(e) => onInput({ choices: pick(input.choices ?? [], choice.value, e.target.checked, single) })}
                  />{' '}
                  <span>{choice.label}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      );
    }
    case 'likert':
      return (
        <fieldset className="form-group form-likert" aria-describedby={groupDescribedBy}>
          <Label field={field} />
          <Description field={field} />
          {(field.options ?? []).map((question, index) => (
            <fieldset className="likert-row" data-question={question} key={question}>
              <legend className="likert-row__question">{question}</legend>
              <div className="likert-row__answers">
                {LIKERT_VALUES.map((value) => (
                  <label className="form-choice" key={value}>
                    <input
                      type="radio"
                      name={`${field.id}-${index}`}
                      value={value}
                      checked={input.likert?.[question]?.find((c) => c.value === value)?.checked ?? false}
                      onChange={(e) =>
                        onInput({ likert: { ...input.likert, [question]: pick(input.likert?.[question] ?? [], value, e.target.checked, true) } })
                      }
                    />{' '}
                    <span>{LIKERT_LABELS[value]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
      );
    default:
      return null;
  }
}

/** One field with its label, error and markers; the cart's additional-fields lightbox draws its fields with it too. */
export function Field({
  model,
  field,
  input,
  error,
  onInput,
}: {
  model: FormModel;
  field: FieldModel;
  input: FormFieldInput;
  error?: string;
  onInput: (input: FormFieldInput) => void;
}) {
  const A = FORM_MARKERS.attributes;
  const marker = { [A.fieldId]: field.id, [A.fieldType]: field.type };
  if (field.kind === 'hidden') {
    return <input type="hidden" name={field.key ?? field.id} value={field.defaultValue ?? ''} {...marker} />;
  }
  if (field.kind === 'section') {
    return (
      <div className={`form-section${field.underline ? ' form-section--underline' : ''}`} {...marker}>
        <h2 className="form-section__title">{field.title}</h2>
        <Description field={field} />
      </div>
    );
  }
  return (
    <div
      className={`${FORM_MARKERS.fieldClass} form-field--${field.type}${field.required ? ' form-field--required' : ''}`}
      {...marker}
      {...(field.required ? { [A.required]: '' } : {})}>
      <FieldBody model={model} field={field} input={input} error={error} onInput={onInput} />
      <p className={FORM_MARKERS.fieldErrorClass} id={errorId(model, field)} hidden={error === undefined}>
        {error}
      </p>
    </div>
  );
}

/** Where a refused agreement's message goes, in the field errors of the island and of the server. */
export const AGREE_FIELD = 'disclaimer';

/** The "I agree" checkbox under a disclaimer, described by it. */
function Agree(props: { model: FormModel; agreed: boolean; error: string | undefined; onAgree: (agreed: boolean) => void }) {
  const base = props.model.elementId || props.model.id;
  const errorElementId = `${base}-disclaimer-error`;
  return (
    <div className="form-field form-field--agree form-field--required" data-field-id={AGREE_FIELD} data-field-type="agree">
      <label className="form-choice" htmlFor={`${base}-disclaimer-agree`}>
        <input
          type="checkbox"
          id={`${base}-disclaimer-agree`}
          name="disclaimer-agree"
          value="yes"
          checked={props.agreed}
          aria-invalid={props.error !== undefined || undefined}
          aria-describedby={`${base}-disclaimer${props.error !== undefined ? ` ${errorElementId}` : ''}`}
          onChange={(e) => props.onAgree(e.target.checked)}
        />{' '}
        <span>I agree</span>
      </label>
      <p className={FORM_MARKERS.fieldErrorClass} id={errorElementId} hidden={props.error === undefined}>
        {props.error}
      </p>
    </div>
  );
}

export function FormView(props: FormViewProps) {
  const { model, inputs, errors, formError, captchaError, status } = props;
  const A = FORM_MARKERS.attributes;
  const formAttrs = {
    id: model.elementId || undefined,
    className: model.className || `${FORM_MARKERS.class} site-form`,
    [A.formId]: model.id,
    ...(model.newsletter ? { [A.newsletter]: '' } : {}),
    ...(model.successRedirect ? { [A.successRedirect]: model.successRedirect } : {}),
    'aria-label': model.name || undefined,
  };

  if (status === 'success') {
    return (
      <form {...formAttrs} onSubmit={(e) => e.preventDefault()}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's messages, as HTML the server checked */}
        <div className={FORM_MARKERS.successClass} role="status" dangerouslySetInnerHTML={{ __html: model.submissionHtml }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's messages, as HTML the server checked */}
        {model.postSubmitHtml && <div className="form-post-submit-html" dangerouslySetInnerHTML={{ __html: model.postSubmitHtml }} />}
      </form>
    );
  }

  const failed = status === 'failed';
  const fieldProblems = Object.keys(errors).length > 0 || captchaError !== null;
  const submitting = status === 'submitting';
  return (
    <form
      {...formAttrs}
      noValidate
      aria-busy={submitting || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}>
      {model.requiredNote && <p className="form-required-note">{model.requiredNote}</p>}
      <div className={FORM_MARKERS.problemBannerAboveClass} role="alert" hidden={!failed}>
        {failed && <p>{FORM_MESSAGES.problemAbove}</p>}
      </div>
      <div className="form-fields">
        {model.fields.map((field) => (
          <Field
            key={field.id}
            model={model}
            field={field}
            input={inputs[field.id] ?? {}}
            error={errors[field.id]}
            onInput={(input) => props.onInput(field.id, input)}
          />
        ))}
      </div>
      {model.honeypot && (
        <div className="form-honeypot" aria-hidden="true">
          <label htmlFor={model.honeypot.id}>{model.honeypot.label}</label>
          <input
            id={model.honeypot.id}
            name={FORM_MARKERS.honeypotName}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={props.honeypot}
            onChange={(e) => props.onHoneypot(e.target.value)}
          />
        </div>
      )}
      {props.captcha}
      {captchaError && <p className={`${FORM_MARKERS.fieldErrorClass} captcha-error`}>{captchaError}</p>}
      {model.disclaimerHtml && (
        <div
          className="form-disclaimer"
          id={`${model.elementId || model.id}-disclaimer`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's disclaimer, as HTML the server checked
          dangerouslySetInnerHTML={{ __html: model.disclaimerHtml }}
        />
      )}
      {model.agreeRequired && <Agree model={model} agreed={props.agreed} error={errors[AGREE_FIELD]} onAgree={props.onAgree} />}
      <div className="form-actions">
        <button
          className={`button ${FORM_MARKERS.submitButtonClass}${submitting ? ` ${FORM_MARKERS.submittingClass}` : ''}`}
          type="submit"
          disabled={props.submitDisabled}>
          {submitting ? FORM_MESSAGES.submitting : model.submitLabel}
        </button>
      </div>
      <div className={FORM_MARKERS.problemBannerBelowClass} role="alert" hidden={!failed}>
        {failed && formError && <p>{formError}</p>}
        {failed && fieldProblems && <p>{FORM_MESSAGES.problemBelow}</p>}
      </div>
    </form>
  );
}
