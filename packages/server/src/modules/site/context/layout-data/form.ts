import type { PageRequest } from '../../pages.js';
import { formContext } from '../content.js';

/** A form block: the site form it names, as `blocks/form.block` reads it; null for a form that is gone. */
export async function formData(_store: unknown, req: PageRequest, settings: Readonly<Record<string, unknown>>) {
  const form = typeof settings.form === 'string' ? req.snapshot.forms.get(settings.form) : undefined;
  return form ? { form: formContext(form) } : null;
}

/**
 * A newsletter block: the form it names when that is a newsletter form, else the site's newsletter
 * form (the one the footer shows); null when the site has none.
 */
export async function newsletterData(_store: unknown, req: PageRequest, settings: Readonly<Record<string, unknown>>) {
  const forms = req.snapshot.forms;
  const named = typeof settings.form === 'string' ? forms.get(settings.form) : undefined;
  const form = named?.definition.newsletter === true ? named : [...forms.values()].find((f) => f.definition.newsletter === true);
  return form ? { form: formContext(form) } : null;
}
