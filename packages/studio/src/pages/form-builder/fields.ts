// The builder's field types and what each edits, and the list operations the Build step offers
// (add, move, duplicate, delete): pure functions over the field list, easy to test.
import { FORM_FIELD_EXTRA_PROPERTIES, FormFieldType } from '@tessera/core/enums';
import type { BuilderField } from './calls.js';

/** The spec's 19 field types, in its order, with the label the Add menu shows. */
export const FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  currency: 'Currency',
  number: 'Number',
  website: 'Website',
  password: 'Password',
  twitter: 'Twitter',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  section: 'Section',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Drop-down',
  likert: 'Likert scale',
  hidden: 'Hidden',
};

export const FIELD_TYPES = Object.values(FormFieldType) as FormFieldType[];

/** Whether a field of `type` has the extra property `name` (core's table). */
export const hasProperty = (type: string, name: string) => (FORM_FIELD_EXTRA_PROPERTIES[type as FormFieldType] ?? []).includes(name);

/** An id not yet used: the type, then type-2, type-3, ... */
function freeId(base: string, fields: readonly BuilderField[]): string {
  const taken = new Set(fields.map((f) => f.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A new field of `type` with what it needs to be saved (choices get two options, a hidden field a key). */
export function newField(type: FormFieldType, fields: readonly BuilderField[]): BuilderField {
  const id = freeId(type, fields);
  const field: BuilderField = { id, type, title: FIELD_TYPE_LABELS[type] };
  if (hasProperty(type, 'options')) field.options = type === 'likert' ? ['Statement 1'] : ['Option 1', 'Option 2'];
  if (type === 'hidden') {
    field.key = id.replace(/-/g, '_');
    field.value = '';
  }
  if (type === 'currency') field.currencySymbol = '$';
  return field;
}

export function moveField<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** A copy of the field right after it, with an id of its own. */
export function duplicateField(fields: readonly BuilderField[], index: number): BuilderField[] {
  const source = fields[index];
  if (!source) return [...fields];
  const copy = { ...source, id: freeId(`${source.id}-copy`, fields), title: `${source.title} (copy)` };
  return [...fields.slice(0, index + 1), copy, ...fields.slice(index + 1)];
}
