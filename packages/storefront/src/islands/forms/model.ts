// The form an island brings to life, read once from the theme's server-rendered markup (the markup
// contract of @tessera/core, FORM_MARKERS) or built from a form definition (the popup overlay).
// The view renders it again with the same elements and classes, so the theme's styles still apply.
import { CAPTCHA_CONTAINER_CLASS, FORM_MARKERS } from '@tessera/core/markup';
import type { FormFieldDefinition } from '@tessera/core/validation';

/** One input element: its tag and its attributes as written in the markup (never its value). */
export interface InputModel {
  readonly tag: 'input' | 'textarea' | 'select';
  readonly attrs: Readonly<Record<string, string>>;
  /** A select's options, in order (the empty "Select an option" one included). */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
}

/** One part of a field made of several inputs (name, address, date, time, phone). */
export interface PartModel {
  readonly part: string;
  readonly label: string;
  readonly className: string;
  readonly input: InputModel;
}

type FieldKind = 'hidden' | 'section' | 'single' | 'choice' | 'likert' | 'parts';

export interface FieldModel extends FormFieldDefinition {
  readonly kind: FieldKind;
  readonly title: string;
  readonly required: boolean;
  readonly description?: string;
  /** The element id the field's description has (inputs point at it with aria-describedby). */
  readonly descriptionId?: string;
  /** single: the input; its label points at attrs.id. */
  readonly input?: InputModel;
  /** single: text shown before the input (currency symbol, @). */
  readonly affix?: string;
  readonly partsClassName?: string;
  readonly parts?: readonly PartModel[];
  /** choice (radio, checkbox): values and labels; likert: the questions are `options`. */
  readonly choices?: readonly { readonly value: string; readonly label: string }[];
  readonly underline?: boolean;
}

export interface FormModel {
  readonly id: string;
  /** The form element's id and class, kept for the theme's styles and links. */
  readonly elementId: string;
  readonly className: string;
  readonly name: string;
  readonly newsletter: boolean;
  readonly successRedirect: string;
  readonly captcha: boolean;
  readonly honeypot: { readonly id: string; readonly label: string } | null;
  readonly requiredNote: string | null;
  readonly submissionHtml: string;
  readonly postSubmitHtml: string;
  readonly disclaimerHtml: string;
  /** A form other than the newsletter's with a disclaimer: the visitor ticks "I agree" before sending. */
  readonly agreeRequired: boolean;
  readonly submitLabel: string;
  readonly fields: readonly FieldModel[];
}

const A = FORM_MARKERS.attributes;
// `style` too: React takes an object there, and inline styles are not the theme's (a browser
// extension's or a screenshot tool's): copied as a string, they made the whole form fail to render.
const SKIPPED_ATTRIBUTES = new Set(['value', 'checked', 'selected', 'style']);

function attrsOf(el: Element): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const a of Array.from(el.attributes)) if (!SKIPPED_ATTRIBUTES.has(a.name)) attrs[a.name] = a.value;
  return attrs;
}

function inputOf(el: Element): InputModel {
  const tag = el.tagName.toLowerCase() as InputModel['tag'];
  const options = tag === 'select' ? Array.from((el as HTMLSelectElement).options).map((o) => ({ value: o.value, label: o.textContent ?? '' })) : undefined;
  return { tag, attrs: attrsOf(el), ...(options ? { options } : {}) };
}

/** A label's text without the required marker. */
function labelText(el: Element | null): string {
  if (!el) return '';
  const copy = el.cloneNode(true) as Element;
  for (const r of copy.querySelectorAll('.form-required')) r.remove();
  return (copy.textContent ?? '').trim();
}

const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim();

const CHOICE_TYPES = new Set(['radio', 'checkbox']);

function readField(el: HTMLElement): FieldModel | null {
  const id = el.getAttribute(A.fieldId);
  const type = el.getAttribute(A.fieldType);
  if (!id || !type) return null;
  if (type === 'hidden') {
    const input = el as HTMLInputElement;
    return { id, type, kind: 'hidden', title: id, required: false, key: input.name || id, defaultValue: input.value };
  }
  const description = el.querySelector('.form-description');
  const base = {
    id,
    type,
    title: labelText(el.querySelector('.form-label, .form-section__title')),
    required: el.hasAttribute(A.required),
    ...(description ? { description: text(description), descriptionId: description.id || undefined } : {}),
  };
  if (type === 'section') return { ...base, kind: 'section', required: false, underline: el.classList.contains('form-section--underline') };
  if (type === 'likert') {
    const options = Array.from(el.querySelectorAll('.likert-row')).map((row) => row.getAttribute('data-question') ?? '');
    return { ...base, kind: 'likert', required: false, options };
  }
  if (CHOICE_TYPES.has(type)) {
    const choices = Array.from(el.querySelectorAll<HTMLInputElement>(`input[type=${type}]`)).map((input) => ({
      value: input.value,
      label: text(input.closest('label')?.querySelector('span')) || input.value,
    }));
    return { ...base, kind: 'choice', choices, options: choices.map((c) => c.value) };
  }
  const partInputs = Array.from(el.querySelectorAll('[data-part]'));
  if (partInputs.length > 0) {
    const parts = partInputs.map((input) => {
      const wrapper = input.closest('.form-part');
      return {
        part: input.getAttribute('data-part') ?? '',
        label: text(wrapper?.querySelector('.form-sublabel')),
        className: wrapper?.className ?? 'form-part',
        input: inputOf(input),
      };
    });
    return {
      ...base,
      kind: 'parts',
      parts,
      partsClassName: el.querySelector('.form-parts')?.className ?? 'form-parts',
      showCountryCode: parts.some((p) => p.part === 'country') && type === 'phone',
    };
  }
  const input = el.querySelector('input, textarea, select');
  if (!input) return null;
  const model = inputOf(input);
  const affix = el.querySelector('.form-affix__text');
  const options = model.options?.filter((o) => o.value !== '').map((o) => o.value);
  return {
    ...base,
    kind: 'single',
    input: model,
    ...(affix ? { affix: text(affix) } : {}),
    ...(type === 'textarea' ? { maxLength: input.getAttribute('data-max-length') ?? undefined } : {}),
    ...(type === 'select' ? { options } : {}),
    ...(model.attrs.placeholder ? { placeholder: model.attrs.placeholder } : {}),
  };
}

/** Reads a site form the theme rendered (`form.tessera-form[data-form-id]`). */
export function readFormMarkup(form: HTMLElement): FormModel {
  const fieldsRoot = form.querySelector('.form-fields') ?? form;
  const fields = Array.from(fieldsRoot.children)
    .filter((c): c is HTMLElement => c.hasAttribute(A.fieldId))
    .map(readField)
    .filter((f): f is FieldModel => f !== null);
  const honeypot = form.querySelector<HTMLInputElement>(`input[name="${FORM_MARKERS.honeypotName}"]`);
  const post = form.querySelector('template.form-post-submit-html');
  return {
    id: form.getAttribute(A.formId) ?? '',
    elementId: form.id,
    className: form.className,
    name: form.getAttribute('aria-label') ?? '',
    newsletter: form.hasAttribute(A.newsletter),
    successRedirect: form.getAttribute(A.successRedirect) ?? '',
    captcha: form.querySelector(`.${CAPTCHA_CONTAINER_CLASS}`) !== null,
    honeypot: honeypot ? { id: honeypot.id, label: text(form.querySelector(`label[for="${honeypot.id}"]`)) || 'Leave this field empty' } : null,
    requiredNote: form.querySelector('.form-required-note') ? text(form.querySelector('.form-required-note')) : null,
    submissionHtml: form.querySelector(`.${FORM_MARKERS.successClass}`)?.innerHTML ?? '',
    postSubmitHtml: post ? (post as HTMLTemplateElement).innerHTML : '',
    disclaimerHtml: form.querySelector('.form-disclaimer')?.innerHTML ?? '',
    agreeRequired: form.querySelector('[data-field-type="agree"]') !== null,
    submitLabel: text(form.querySelector(`.${FORM_MARKERS.submitButtonClass}`)) || 'Submit',
    fields,
  };
}
