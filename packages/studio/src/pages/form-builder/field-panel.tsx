// The selected field's properties: the spec's common ones and only its own type's extras (platform.md
// section 3), each with its error from the server's 400 beside it.
import { CheckField, TextArea, TextField } from '../page-editor/fields.js';
import type { BuilderField } from './calls.js';
import { FIELD_TYPE_LABELS, hasProperty } from './fields.js';

export interface FieldPanelProps {
  readonly field: BuilderField;
  /** Errors of this field, by property (`options`, `maxLength`). */
  readonly errors: Readonly<Record<string, string>>;
  onChange(field: BuilderField): void;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function FieldPanel({ field, errors, onChange }: FieldPanelProps) {
  const set = (name: string, value: unknown) => {
    const next: BuilderField = { ...field, [name]: value };
    if (value === undefined) delete next[name];
    onChange(next);
  };
  const type = field.type;
  const typeLabel = FIELD_TYPE_LABELS[type as keyof typeof FIELD_TYPE_LABELS] ?? type;
  return (
    <section className="builder-panel" aria-labelledby="builder-field-heading">
      <h3 id="builder-field-heading">
        {typeLabel} field: {field.title || field.id}
      </h3>
      <TextField label="Title" value={field.title} error={errors.title} onChange={(v) => set('title', v)} />
      <TextField
        label="Field id"
        value={field.id}
        error={errors.id}
        hint="Lowercase letters, digits and hyphens. Answers are kept under it: changing it starts a new column."
        onChange={(v) => set('id', v)}
      />
      {type !== 'hidden' && (
        <TextArea label="Description" rows={2} value={text(field.description)} error={errors.description} onChange={(v) => set('description', v)} />
      )}
      {type !== 'hidden' && type !== 'section' && (
        <>
          <TextField label="Placeholder" value={text(field.placeholder)} error={errors.placeholder} onChange={(v) => set('placeholder', v)} />
          <CheckField label="Required" value={field.required === true} error={errors.required} onChange={(v) => set('required', v)} />
        </>
      )}
      {hasProperty(type, 'maxLength') && (
        <TextField
          label="Maximum length"
          type="number"
          value={field.maxLength === undefined ? '' : String(field.maxLength)}
          error={errors.maxLength}
          hint="Characters; empty for no limit. Visitors see a live counter."
          onChange={(v) => set('maxLength', v.trim() === '' ? undefined : Number(v))}
        />
      )}
      {hasProperty(type, 'currencySymbol') && (
        <TextField label="Currency symbol" value={text(field.currencySymbol)} error={errors.currencySymbol} onChange={(v) => set('currencySymbol', v)} />
      )}
      {hasProperty(type, 'showCountryCode') && (
        <CheckField label="Show a country code" value={field.showCountryCode === true} onChange={(v) => set('showCountryCode', v)} />
      )}
      {hasProperty(type, 'underline') && <CheckField label="Underline the heading" value={field.underline === true} onChange={(v) => set('underline', v)} />}
      {hasProperty(type, 'options') && (
        <TextArea
          label={type === 'likert' ? 'Statements' : 'Options'}
          rows={4}
          value={Array.isArray(field.options) ? field.options.join('\n') : ''}
          error={errors.options}
          hint={type === 'likert' ? 'One a line; visitors rate each from Strongly Disagree to Strongly Agree.' : 'One a line.'}
          onChange={(v) => set('options', v.split('\n'))}
        />
      )}
      {hasProperty(type, 'key') && (
        <>
          <TextField
            label="Key"
            value={text(field.key)}
            error={errors.key}
            hint="The page address's query parameter that fills it (?key=...)."
            onChange={(v) => set('key', v)}
          />
          <TextField
            label="Value"
            value={text(field.value)}
            error={errors.value}
            hint="Sent when the address has no such parameter."
            onChange={(v) => set('value', v)}
          />
        </>
      )}
    </section>
  );
}
