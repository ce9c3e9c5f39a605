import type { PageContext, PageRequest } from '../../pages.js';
import { formContext } from '../content.js';

const shown = new WeakMap<PageContext, number>();

/**
 * The form as `blocks/form.block` reads it, with a `domId` of its own on this page (`contact-block-1`):
 * the same form may show twice on a page (a newsletter block and the footer's), and its copies' elements
 * must not share an id. `data-form-id`, what the forms island submits to, stays the form's id.
 */
function shownForm(page: PageContext, form: { id: string; name: string; definition: Record<string, unknown> }) {
  const n = (shown.get(page) ?? 0) + 1;
  shown.set(page, n);
  return { ...formContext(form as Parameters<typeof formContext>[0]), domId: `${form.id}-block-${n}` };
}

/** A form block: the site form it names; null for a form that is gone. */
export async function formData(_store: unknown, req: PageRequest, settings: Readonly<Record<string, unknown>>, page: PageContext) {
  const form = typeof settings.form === 'string' ? req.snapshot.forms.get(settings.form) : undefined;
  return form ? { form: shownForm(page, form) } : null;
}

/**
 * A newsletter block: the form it names when that is a newsletter form, else the site's newsletter
 * form (the one the footer shows); null when the site has none.
 */
export async function newsletterData(_store: unknown, req: PageRequest, settings: Readonly<Record<string, unknown>>, page: PageContext) {
  const forms = req.snapshot.forms;
  const named = typeof settings.form === 'string' ? forms.get(settings.form) : undefined;
  const form = named?.definition.newsletter === true ? named : [...forms.values()].find((f) => f.definition.newsletter === true);
  return form ? { form: shownForm(page, form) } : null;
}
