// What the visitor has entered, per field, in core's FormFieldInput shape; core turns it into the
// submission's value shapes (formSubmissionValues) and validates it (validateFormFields), the same
// code the server runs.
import type { FormChoice, FormFieldInput, FormFieldValue } from '@tessera/core/validation';
import { formSubmissionValues } from '@tessera/core/validation';
import type { FieldModel, FormModel } from './model.js';

export type FieldInputs = Readonly<Record<string, FormFieldInput>>;

/** The likert answers, -2 to 2 (platform.md section 9). */
export const LIKERT_VALUES = ['-2', '-1', '0', '1', '2'] as const;

const unchecked = (values: readonly string[]): FormChoice[] => values.map((value) => ({ value, checked: false }));

export function initialInput(field: FieldModel): FormFieldInput {
  switch (field.kind) {
    case 'choice':
      return { choices: unchecked(field.options ?? []) };
    case 'likert':
      return { likert: Object.fromEntries((field.options ?? []).map((q) => [q, unchecked(LIKERT_VALUES)])) };
    case 'parts':
      // A select part (AM/PM) starts on its first option, as the browser shows it.
      return { values: (field.parts ?? []).map((p) => (p.input.tag === 'select' ? (p.input.options?.[0]?.value ?? '') : '')) };
    case 'single':
      return { values: [''] };
    default:
      return {};
  }
}

export function initialInputs(model: FormModel): Record<string, FormFieldInput> {
  return Object.fromEntries(model.fields.map((f) => [f.id, initialInput(f)]));
}

/** A choice list with one value set: a radio (or likert row) keeps only it; a checkbox toggles it. */
export function pick(choices: readonly FormChoice[], value: string, checked: boolean, single: boolean): FormChoice[] {
  return choices.map((c) => (c.value === value ? { value: c.value, checked } : single && checked ? { value: c.value, checked: false } : c));
}

/** The submission's `form` object: values keyed by field id in the spec's shapes; hidden fields from the URL query. */
export function submissionValues(model: FormModel, inputs: FieldInputs, search: string): Record<string, FormFieldValue> {
  return formSubmissionValues(model.fields, inputs, { query: new URLSearchParams(search) });
}
