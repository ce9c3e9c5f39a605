// The form as visitors will see it, in plain markup that follows the theme's form (blocks/form.block):
// disabled, so it reads like the form but takes no input and no focus.
import { LIKERT_LABELS } from '@tessera/core/format';
import { useId } from 'react';
import type { BuilderDefinition, BuilderField } from './calls.js';

const PARTS: Record<string, readonly string[]> = {
  name: ['First name', 'Last name'],
  address: ['Address line 1', 'Address line 2', 'City', 'State or province', 'ZIP or postal code', 'Country'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute'],
};
// In the scale's order: an object lists its integer-like keys (0, 1, 2) before the others.
const LIKERT = (['-2', '-1', '0', '1', '2'] as const).map((k) => LIKERT_LABELS[k]);
const options = (f: BuilderField) => (Array.isArray(f.options) ? (f.options as string[]).filter((o) => o.trim() !== '') : []);

function Title({ field, htmlFor }: { field: BuilderField; htmlFor?: string }) {
  const text = (
    <>
      {field.title}
      {field.required === true && <span aria-hidden="true"> *</span>}
    </>
  );
  return htmlFor ? (
    <label className="preview-label" htmlFor={htmlFor}>
      {text}
    </label>
  ) : (
    <legend className="preview-label">{text}</legend>
  );
}

function Parts({ field, labels }: { field: BuilderField; labels: readonly string[] }) {
  const id = useId();
  return (
    <fieldset className="preview-group">
      <Title field={field} />
      <div className="preview-parts">
        {labels.map((label, i) => (
          <span key={label} className="preview-part">
            <label htmlFor={`${id}-${i}`}>{label}</label>
            <input id={`${id}-${i}`} type="text" />
          </span>
        ))}
      </div>
    </fieldset>
  );
}

function PreviewField({ field }: { field: BuilderField }) {
  const id = useId();
  const placeholder = typeof field.placeholder === 'string' ? field.placeholder : undefined;
  const description = typeof field.description === 'string' && field.description !== '' ? <p className="preview-description">{field.description}</p> : null;
  switch (field.type) {
    case 'hidden':
      return null;
    case 'section':
      return (
        <div className={`preview-section${field.underline ? ' preview-section--underline' : ''}`}>
          <h4>{field.title}</h4>
          {description}
        </div>
      );
    case 'name':
    case 'address':
    case 'date':
    case 'time':
      return <Parts field={field} labels={PARTS[field.type] ?? []} />;
    case 'phone':
      return <Parts field={field} labels={[...(field.showCountryCode ? ['Country code'] : []), 'Area code', 'Number', 'Line']} />;
    case 'radio':
    case 'checkbox':
      return (
        <fieldset className="preview-group">
          <Title field={field} />
          {description}
          {options(field).map((o) => (
            <label key={o} className="preview-choice">
              <input type={field.type} name={`${id}-choice`} /> {o}
            </label>
          ))}
        </fieldset>
      );
    case 'likert':
      return (
        <fieldset className="preview-group">
          <Title field={field} />
          {description}
          {options(field).map((statement) => (
            <fieldset key={statement} className="preview-likert">
              <legend>{statement}</legend>
              {LIKERT.map((label) => (
                <label key={label} className="preview-choice">
                  <input type="radio" name={`${id}-${statement}`} /> {label}
                </label>
              ))}
            </fieldset>
          ))}
        </fieldset>
      );
    case 'select':
      return (
        <div className="preview-field">
          <Title field={field} htmlFor={id} />
          {description}
          <select id={id}>
            <option>Select an option</option>
            {options(field).map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </div>
      );
    case 'textarea':
      return (
        <div className="preview-field">
          <Title field={field} htmlFor={id} />
          {description}
          <textarea id={id} rows={3} placeholder={placeholder} />
          {typeof field.maxLength === 'number' && <p className="preview-counter">0 / {field.maxLength}</p>}
        </div>
      );
    default:
      return (
        <div className="preview-field">
          <Title field={field} htmlFor={id} />
          {description}
          <span className="preview-affix">
            {field.type === 'currency' && <span aria-hidden="true">{typeof field.currencySymbol === 'string' ? field.currencySymbol : '$'}</span>}
            {field.type === 'twitter' && <span aria-hidden="true">@</span>}
            <input id={id} type={field.type === 'email' ? 'email' : field.type === 'password' ? 'password' : 'text'} placeholder={placeholder} />
          </span>
        </div>
      );
  }
}

export function FormPreview({ definition, newsletter }: { definition: BuilderDefinition; newsletter: boolean }) {
  return (
    <section className="builder-preview" aria-labelledby="builder-preview-heading">
      <h3 id="builder-preview-heading">Preview</h3>
      <fieldset disabled className="preview-form">
        <legend className="visually-hidden">The form as visitors see it</legend>
        {definition.fields.map((field, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two fields may share an id while it is being typed
          <PreviewField key={`${field.id}-${i}`} field={field} />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the disclaimer as the server sanitised it, or as the owner is typing it in the rich text editor */}
        {definition.disclaimer && <div className="preview-disclaimer" dangerouslySetInnerHTML={{ __html: definition.disclaimer }} />}
        {definition.disclaimer && !newsletter && (
          <label className="preview-choice">
            <input type="checkbox" /> I agree
          </label>
        )}
        <button type="button" className="preview-submit">
          {definition.submitLabel || (newsletter ? 'Sign up' : 'Submit')}
        </button>
      </fieldset>
    </section>
  );
}
