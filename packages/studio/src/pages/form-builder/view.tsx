// The form builder, drawn from props only: the form's name, Save and Delete form, the spec's five steps
// as tabs (Build, Storage, Advanced, Captcha, Disclaimer), and the preview of the form beside them.
import { FormBuilderStep, type FormFieldType } from '@tessera/core/enums';
import { type KeyboardEvent, useState } from 'react';
import { SelectField, TextField } from '../page-editor/fields.js';
import type { BuilderDefinition, BuilderField } from './calls.js';
import { FieldPanel } from './field-panel.js';
import { type FieldAction, FieldList } from './field-list.js';
import { FIELD_TYPE_LABELS, FIELD_TYPES } from './fields.js';
import { FormPreview } from './preview.js';
import { AdvancedStep, CaptchaStep, DisclaimerStep, StorageStep } from './steps.js';

const STEP_LABELS: Readonly<Record<FormBuilderStep, string>> = {
  build: 'Build',
  storage: 'Storage',
  advanced: 'Advanced',
  captcha: 'Captcha',
  disclaimer: 'Disclaimer',
};
const STEPS = Object.values(FormBuilderStep) as FormBuilderStep[];

export interface BuilderViewProps {
  readonly formKey: string;
  readonly name: string;
  readonly newsletter: boolean;
  readonly definition: BuilderDefinition;
  readonly step: FormBuilderStep;
  readonly selected: number;
  /** The server's field errors, by their full path (`name`, `definition.fields[2].options`). */
  readonly errors: Readonly<Record<string, string>>;
  /** What the last action did, spoken and shown. */
  readonly status: string;
  readonly saving: boolean;
  readonly dirty: boolean;
  onName(name: string): void;
  onStep(step: FormBuilderStep): void;
  onSelect(index: number): void;
  onField(index: number, field: BuilderField): void;
  onAddField(type: FormFieldType): void;
  onMove(from: number, to: number): void;
  onFieldAction(action: FieldAction, index: number): void;
  onChange<K extends keyof BuilderDefinition>(key: K, value: BuilderDefinition[K]): void;
  onSave(): void;
  onDelete(): void;
}

/** The errors under `prefix`, keyed by the rest of their path. */
function errorsUnder(errors: Readonly<Record<string, string>>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
  return out;
}

/** The step an error's path belongs to, so that the tab can say it needs attention. */
export function stepOfError(path: string): FormBuilderStep {
  if (path === 'name' || path.startsWith('definition.fields')) return 'build';
  const key = path.slice('definition.'.length);
  if (['storeSubmissions', 'notifyOwner', 'notifyEmail', 'addToMailingList'].includes(key)) return 'storage';
  if (['captcha', 'honeypot'].includes(key)) return 'captcha';
  if (key === 'disclaimer') return 'disclaimer';
  return 'advanced';
}

function Tabs({ step, errors, onStep }: Pick<BuilderViewProps, 'step' | 'errors' | 'onStep'>) {
  const flagged = new Set(Object.keys(errors).map(stepOfError));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = STEPS.indexOf(step);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? STEPS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const target = STEPS[(next + STEPS.length) % STEPS.length]!;
    onStep(target);
    document.getElementById(`builder-tab-${target}`)?.focus();
  };
  return (
    <div className="builder-tabs" role="tablist" aria-label="Steps" tabIndex={-1} onKeyDown={onKeyDown}>
      {STEPS.map((s) => (
        <button
          key={s}
          id={`builder-tab-${s}`}
          type="button"
          role="tab"
          aria-selected={s === step}
          aria-controls="builder-step"
          tabIndex={s === step ? 0 : -1}
          onClick={() => onStep(s)}>
          {STEP_LABELS[s]}
          {flagged.has(s) && <span className="builder-tab-flag"> (needs attention)</span>}
        </button>
      ))}
    </div>
  );
}

function AddField({ onAdd }: { onAdd(type: FormFieldType): void }) {
  const [type, setType] = useState<FormFieldType>('text');
  return (
    <div className="builder-add">
      <SelectField<FormFieldType>
        label="New field type"
        value={type}
        options={FIELD_TYPES.map((t) => [t, FIELD_TYPE_LABELS[t]] as const)}
        onChange={(t) => setType(t)}
      />
      <button type="button" onClick={() => onAdd(type)}>
        Add field
      </button>
    </div>
  );
}

function BuildStep(props: BuilderViewProps) {
  const { definition, selected, errors } = props;
  const invalid = new Set<number>();
  for (const path of Object.keys(errors)) {
    const m = /^definition\.fields\[(\d+)\]/.exec(path);
    if (m) invalid.add(Number(m[1]));
  }
  const field = definition.fields[selected];
  return (
    <div className="builder-build">
      {errors['definition.fields'] && (
        <p className="field-error" role="alert">
          {errors['definition.fields']}
        </p>
      )}
      <FieldList
        fields={definition.fields}
        selected={selected}
        invalid={invalid}
        onSelect={props.onSelect}
        onMove={props.onMove}
        onAction={props.onFieldAction}
      />
      <AddField onAdd={props.onAddField} />
      {field && <FieldPanel field={field} errors={errorsUnder(errors, `definition.fields[${selected}].`)} onChange={(f) => props.onField(selected, f)} />}
    </div>
  );
}

export function BuilderView(props: BuilderViewProps) {
  const { definition, step, errors, newsletter } = props;
  const stepProps = { definition, errors: errorsUnder(errors, 'definition.'), newsletter, onChange: props.onChange };
  return (
    <div className="form-builder">
      <div className="builder-head">
        <TextField label="Form name" value={props.name} error={errors.name} onChange={props.onName} />
        <div className="builder-actions">
          <button type="button" onClick={props.onSave} disabled={props.saving}>
            {props.saving ? 'Saving…' : 'Save'}
          </button>
          <a className="button-secondary button-link" href={`/config/forms/${encodeURIComponent(props.formKey)}`}>
            Submissions
          </a>
          {!newsletter && (
            <button type="button" className="button-danger" onClick={props.onDelete}>
              Delete form
            </button>
          )}
        </div>
      </div>
      <p className="status" role="status" aria-live="polite">
        {props.status}
        {props.dirty && !props.saving && props.status === '' ? 'Unsaved changes.' : ''}
      </p>
      <Tabs step={step} errors={errors} onStep={props.onStep} />
      <div className="builder-body">
        <div id="builder-step" role="tabpanel" aria-labelledby={`builder-tab-${step}`} className="builder-step">
          {step === 'build' && <BuildStep {...props} />}
          {step === 'storage' && <StorageStep {...stepProps} />}
          {step === 'advanced' && <AdvancedStep {...stepProps} />}
          {step === 'captcha' && <CaptchaStep {...stepProps} />}
          {step === 'disclaimer' && <DisclaimerStep {...stepProps} />}
        </div>
        <FormPreview definition={definition} newsletter={newsletter} />
      </div>
    </div>
  );
}
