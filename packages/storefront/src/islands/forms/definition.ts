// A form model from a form definition (the page context's form object), for forms the theme did
// not render: the popup overlay's newsletter form. Elements, classes and labels follow the default
// theme's blocks/form.block, so that a form looks the same wherever it shows.
import type { FieldModel, FormModel, InputModel, PartModel } from './model.js';

export interface FormDefinition {
  readonly id: string;
  readonly name?: string;
  readonly fields?: readonly Record<string, unknown>[];
  readonly submissionMessage?: string;
  readonly postSubmitHtml?: string;
  readonly successRedirect?: string;
  readonly disclaimer?: string;
  readonly submitLabel?: string;
  readonly captcha?: boolean;
  readonly honeypot?: boolean;
  readonly newsletter?: boolean;
}

type PartSpec = readonly [part: string, label: string, attrs: Record<string, string>, className?: string];

const PARTS: Record<string, { className: string; parts: readonly PartSpec[] }> = {
  name: {
    className: 'form-parts form-parts--2',
    parts: [
      ['first', 'First name', { autocomplete: 'given-name' }],
      ['last', 'Last name', { autocomplete: 'family-name' }],
    ],
  },
  address: {
    className: 'form-parts form-parts--address',
    parts: [
      ['address1', 'Address line 1', { autocomplete: 'address-line1' }, 'form-part form-part--wide'],
      ['address2', 'Address line 2', { autocomplete: 'address-line2' }, 'form-part form-part--wide'],
      ['city', 'City', { autocomplete: 'address-level2' }],
      ['state', 'State or province', { autocomplete: 'address-level1' }],
      ['zip', 'ZIP or postal code', { autocomplete: 'postal-code' }],
      ['country', 'Country', { autocomplete: 'country-name' }],
    ],
  },
  date: {
    className: 'form-parts form-parts--inline',
    parts: [
      ['month', 'Month', { inputmode: 'numeric', maxlength: '2', placeholder: 'MM', class: 'form-input form-input--short' }],
      ['day', 'Day', { inputmode: 'numeric', maxlength: '2', placeholder: 'DD', class: 'form-input form-input--short' }],
      ['year', 'Year', { inputmode: 'numeric', maxlength: '4', placeholder: 'YYYY', class: 'form-input form-input--year' }],
    ],
  },
  time: {
    className: 'form-parts form-parts--inline',
    parts: [
      ['hour', 'Hour', { inputmode: 'numeric', maxlength: '2', placeholder: 'HH', class: 'form-input form-input--short' }],
      ['minute', 'Minute', { inputmode: 'numeric', maxlength: '2', placeholder: 'MM', class: 'form-input form-input--short' }],
      ['ampm', 'AM or PM', {}],
    ],
  },
  phone: {
    className: 'form-parts form-parts--inline',
    parts: [
      ['country', 'Country code', { type: 'tel', autocomplete: 'tel-country-code', maxlength: '4', class: 'form-input form-input--short' }],
      ['areacode', 'Area code', { type: 'tel', autocomplete: 'tel-area-code', maxlength: '3', class: 'form-input form-input--short' }],
      ['prefix', 'Number', { type: 'tel', maxlength: '3', class: 'form-input form-input--year' }],
      ['line', 'Line', { type: 'tel', maxlength: '4', class: 'form-input form-input--year' }],
    ],
  },
};

const INPUT_TYPES: Record<string, Record<string, string>> = {
  email: { type: 'email', autocomplete: 'email', spellcheck: 'false' },
  number: { type: 'number', inputmode: 'decimal' },
  website: { type: 'url', inputmode: 'url' },
  password: { type: 'password', autocomplete: 'off' },
  currency: { type: 'text', inputmode: 'decimal' },
  twitter: { type: 'text', autocomplete: 'off', spellcheck: 'false' },
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function field(formId: string, raw: Record<string, unknown>): FieldModel | null {
  const id = str(raw.id);
  const type = str(raw.type);
  if (!id || !type) return null;
  const title = str(raw.title) ?? id;
  const required = raw.required === true;
  const base = `${formId}-${id}`;
  const description = str(raw.description);
  const described = description ? { description, descriptionId: `${base}-description` } : {};
  if (type === 'hidden')
    return { id, type, kind: 'hidden', title, required: false, key: str(raw.key) ?? id, defaultValue: str(raw.defaultValue) ?? str(raw.value) ?? '' };
  if (type === 'section') return { id, type, kind: 'section', title, required: false, underline: raw.underline === true, ...described };
  if (type === 'likert') return { id, type, kind: 'likert', title, required: false, options: strings(raw.options), ...described };
  if (type === 'radio' || type === 'checkbox') {
    const options = strings(raw.options);
    return { id, type, kind: 'choice', title, required, options, choices: options.map((o) => ({ value: o, label: o })), ...described };
  }
  const parts = PARTS[type];
  if (parts) {
    const list: PartModel[] = parts.parts
      .filter(([part]) => type !== 'phone' || part !== 'country' || raw.showCountryCode === true)
      .map(([part, label, attrs, className]) => {
        const isRequired = required && !(type === 'address' && (part === 'address2' || part === 'state')) && part !== 'ampm' && part !== 'country';
        const input: InputModel =
          part === 'ampm'
            ? {
                tag: 'select',
                attrs: { class: 'form-input form-select', id: `${base}-${part}`, name: id, 'data-part': part },
                options: [
                  { value: 'AM', label: 'AM' },
                  { value: 'PM', label: 'PM' },
                ],
              }
            : {
                tag: 'input',
                attrs: {
                  class: 'form-input',
                  type: 'text',
                  ...attrs,
                  id: `${base}-${part}`,
                  name: id,
                  'data-part': part,
                  ...(isRequired ? { required: '' } : {}),
                },
              };
        return { part, label, className: className ?? 'form-part', input };
      });
    return {
      id,
      type,
      kind: 'parts',
      title,
      required,
      parts: list,
      partsClassName: parts.className,
      showCountryCode: raw.showCountryCode === true,
      ...described,
    };
  }
  const attrs: Record<string, string> = {
    class: type === 'select' ? 'form-input form-select' : 'form-input',
    ...(type === 'textarea' ? { rows: '6' } : type === 'select' ? {} : (INPUT_TYPES[type] ?? { type: 'text' })),
    id: base,
    name: id,
    ...(required ? { required: '' } : {}),
    ...(str(raw.placeholder) ? { placeholder: str(raw.placeholder)! } : {}),
    ...(description ? { 'aria-describedby': `${base}-description` } : {}),
  };
  const maxLength = raw.maxLength;
  if (type === 'textarea' && maxLength !== undefined && maxLength !== null) attrs['data-max-length'] = String(maxLength);
  const options = type === 'select' ? strings(raw.options) : undefined;
  const input: InputModel = {
    tag: type === 'textarea' ? 'textarea' : type === 'select' ? 'select' : 'input',
    attrs,
    ...(options ? { options: [{ value: '', label: 'Select an option' }, ...options.map((o) => ({ value: o, label: o }))] } : {}),
  };
  const affix = type === 'currency' ? (str(raw.currencySymbol) ?? '$') : type === 'twitter' ? '@' : undefined;
  return {
    id,
    type,
    kind: 'single',
    title,
    required,
    input,
    ...(affix ? { affix } : {}),
    ...(type === 'textarea' ? { maxLength: maxLength as unknown } : {}),
    ...(options ? { options } : {}),
    ...described,
  };
}

/** The model of a form definition, as the default theme would have rendered it; ids prefixed with `idPrefix`. */
export function modelFromDefinition(def: FormDefinition, idPrefix = def.id): FormModel {
  return {
    id: def.id,
    elementId: `form-${idPrefix}`,
    className: `tessera-form site-form${def.newsletter ? ' site-form--newsletter' : ''}`,
    name: def.name ?? '',
    newsletter: def.newsletter === true,
    successRedirect: def.successRedirect ?? '',
    captcha: def.captcha === true,
    honeypot: def.honeypot ? { id: `${idPrefix}-website-url`, label: 'Leave this field empty' } : null,
    requiredNote: def.newsletter ? null : 'Fields marked * are required.',
    submissionHtml: def.submissionMessage ?? '',
    postSubmitHtml: def.postSubmitHtml ?? '',
    disclaimerHtml: def.disclaimer ?? '',
    agreeRequired: !!def.disclaimer && def.newsletter !== true,
    submitLabel: def.submitLabel || (def.newsletter ? 'Sign up' : 'Submit'),
    fields: (def.fields ?? []).map((f) => field(idPrefix, f)).filter((f): f is FieldModel => f !== null),
  };
}
