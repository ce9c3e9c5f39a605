import type { FormFieldType } from '../enums/forms.js';

/** A form field as a site's form definition holds it (docs/site-format.md "forms"). */
export interface FormFieldDefinition {
  readonly id: string;
  readonly type: FormFieldType | (string & {});
  readonly title?: string;
  readonly required?: boolean;
  /** Choices of radio, checkbox and select fields; the questions of a likert field. */
  readonly options?: readonly string[];
  /** textarea */
  readonly maxLength?: unknown;
  /** hidden: the URL query parameter it reads (default: the field id). */
  readonly key?: string;
  /** hidden: the default value (`defaultValue` is accepted too). */
  readonly value?: string;
  readonly defaultValue?: string;
  readonly showCountryCode?: boolean;
  readonly currencySymbol?: string;
  readonly underline?: boolean;
  readonly description?: string;
  readonly placeholder?: string;
}

/** One choice of a radio, checkbox or select field, or one answer of a likert question. */
export interface FormChoice {
  readonly value: string;
  readonly checked: boolean;
}

/**
 * What the browser read from a field's inputs: `values` for text inputs in their order (one
 * for a plain field; the parts of an address, date, name, time or phone), `choices` for radio,
 * checkbox and select, `likert` for a likert field's questions.
 */
export interface FormFieldInput {
  readonly values?: readonly string[];
  readonly choices?: readonly FormChoice[];
  readonly likert?: Readonly<Record<string, readonly FormChoice[]>>;
}

/** The submitted value of one field (storefront.md section 3 "Field value shapes"). */
export type FormFieldValue = string | readonly string[] | Readonly<Record<string, readonly string[]>>;

export interface FormValueContext {
  /** The page URL's query parameters, for hidden fields. */
  readonly query?: Readonly<Record<string, string | undefined>> | URLSearchParams;
}

const LIST_FIELDS = new Set(['address', 'date', 'name', 'time']);

function queryValue(query: FormValueContext['query'], name: string): string | undefined {
  if (!query) return undefined;
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  return Object.hasOwn(query, name) ? query[name] : undefined;
}

const checkedValues = (choices: readonly FormChoice[] | undefined): string[] => (choices ?? []).filter((c) => c.checked).map((c) => c.value);

/**
 * The submitted value shape of a field:
 * - address, date, name, time: the list of input values;
 * - phone: the list of values, with a leading empty string prepended when there are 3 parts
 *   (no country code), so the country code always comes first;
 * - checkbox: the list of checked values; radio: the first checked value ('' when none);
 * - select: the selected value;
 * - hidden: the same-named URL query parameter, else its default;
 * - likert: a map of question to the list of checked answers;
 * - section: undefined (skipped);
 * - any other: the single input value.
 */
export function formFieldValue(field: FormFieldDefinition, input: FormFieldInput = {}, context: FormValueContext = {}): FormFieldValue | undefined {
  const values = input.values ?? [];
  if (LIST_FIELDS.has(field.type)) return [...values];
  switch (field.type) {
    case 'section':
      return undefined;
    case 'phone':
      return values.length === 3 ? ['', ...values] : [...values];
    case 'checkbox':
      return checkedValues(input.choices);
    case 'radio':
      return checkedValues(input.choices)[0] ?? '';
    case 'select':
      return checkedValues(input.choices)[0] ?? values[0] ?? '';
    case 'hidden':
      return queryValue(context.query, field.key ?? field.id) ?? field.value ?? field.defaultValue ?? '';
    case 'likert': {
      const map: Record<string, string[]> = {};
      for (const [question, answers] of Object.entries(input.likert ?? {})) map[question] = checkedValues(answers);
      return map;
    }
    default:
      return values[0] ?? '';
  }
}

/** The `form` object of a submission: each field's value by id, sections left out. */
export function formSubmissionValues(
  fields: readonly FormFieldDefinition[],
  inputs: Readonly<Record<string, FormFieldInput>>,
  context: FormValueContext = {},
): Record<string, FormFieldValue> {
  const form: Record<string, FormFieldValue> = {};
  for (const field of fields) {
    const value = formFieldValue(field, inputs[field.id], context);
    if (value !== undefined) form[field.id] = value;
  }
  return form;
}
