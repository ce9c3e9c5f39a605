// The additional-fields form in its lightbox (storefront.md sections 2, 4 and 5): opened by an
// add-to-cart button that uses a form, and by the cart's "Edit details". Required single, multi,
// radio, select and checkbox fields left empty say "Required" (core's requiredFieldErrors: likert
// is never required, sections are ignored); the server's field errors show per field; the save
// button says "Saving…" while saving. Fields are drawn by the site forms' own Field, so the form
// looks like every other form of the theme.
import { STOREFRONT_TEXTS, CART_MESSAGES } from '@tessera/core/cart';
import { FORM_MESSAGES, requiredFieldErrors, type FormFieldInput } from '@tessera/core/validation';
import { FORM_MARKERS } from '@tessera/core/markup';
import { useMemo, useState } from 'react';
import type { ApiError } from '@tessera/core/api-client';
import { Dialog } from '../../ui/Dialog.js';
import { type FormDefinition, modelFromDefinition } from '../forms/definition.js';
import { Field } from '../forms/FormView.js';
import { initialInputs, submissionValues } from '../forms/values.js';
import { type Answers, inputsFromAnswers } from './answers.js';

export interface FieldsLightboxProps {
  readonly definition: Record<string, unknown>;
  /** Prefix of the element ids (several forms may be on one page). */
  readonly idPrefix: string;
  /** The answers to start from (the cart's edit); empty fields otherwise. */
  readonly answers?: Answers;
  readonly submitLabel?: string;
  readonly onClose: () => void;
  /** Saves the answers (JSON text); resolves with the failure to show, or null when saved. */
  readonly onSave: (additionalFields: string) => Promise<ApiError | null>;
}

export default function FieldsLightbox({ definition, idPrefix, answers, submitLabel = STOREFRONT_TEXTS.saveForm, onClose, onSave }: FieldsLightboxProps) {
  const model = useMemo(() => modelFromDefinition(definition as unknown as FormDefinition, idPrefix), [definition, idPrefix]);
  const [inputs, setInputs] = useState<Record<string, FormFieldInput>>(() => (answers ? inputsFromAnswers(model, answers) : initialInputs(model)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (saving) return;
    const form = submissionValues(model, inputs, '');
    const required = requiredFieldErrors(model.fields, form);
    if (Object.keys(required).length > 0) {
      setErrors(required);
      setProblem(CART_MESSAGES.updateMissingInformation);
      return;
    }
    setSaving(true);
    setErrors({});
    setProblem(null);
    const failure = await onSave(JSON.stringify(form));
    setSaving(false);
    if (!failure) return;
    const fieldErrors = { ...failure.fieldErrors };
    setErrors(fieldErrors);
    setProblem(Object.keys(fieldErrors).length > 0 ? CART_MESSAGES.updateMissingInformation : failure.message);
  };

  return (
    <Dialog title={model.name || STOREFRONT_TEXTS.editForm} onClose={onClose} className="tessera-dialog--lightbox" actions={null}>
      <form
        id={model.elementId}
        className={`${FORM_MARKERS.class} cart-fields-form`}
        data-form-id={model.id}
        noValidate
        aria-busy={saving || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}>
        <div className="form-fields">
          {model.fields.map((field) => (
            <Field
              key={field.id}
              model={model}
              field={field}
              input={inputs[field.id] ?? {}}
              error={errors[field.id]}
              onInput={(input) => setInputs((current) => ({ ...current, [field.id]: input }))}
            />
          ))}
        </div>
        <div role="alert">
          {problem && (
            <div className={FORM_MARKERS.problemBannerBelowClass}>
              <p>{problem}</p>
            </div>
          )}
        </div>
        <div className="form-actions">
          <button
            type="submit"
            className={`button ${FORM_MARKERS.submitButtonClass}${saving ? ` ${FORM_MARKERS.submittingClass}` : ''}`}
            aria-disabled={saving || undefined}>
            {saving ? FORM_MESSAGES.saving : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
