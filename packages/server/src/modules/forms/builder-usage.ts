import type { Executor } from '../../storage/statement.js';
import { draftsMentioning, itemsMentioning, productsUsing } from './builder-store.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether sections of blocks hold a form or newsletter block naming the form. */
function sectionsUse(sections: unknown, formKey: string): boolean {
  if (!Array.isArray(sections)) return false;
  return sections.some(
    (s) =>
      isObj(s) &&
      Array.isArray(s.blocks) &&
      s.blocks.some((b) => isObj(b) && (b.kind === 'form' || b.kind === 'newsletter') && isObj(b.settings) && b.settings.form === formKey),
  );
}

const parsed = (text: string | null): Obj => {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return isObj(v) ? v : {};
  } catch {
    return {};
  }
};

/**
 * What still shows the form: pages, posts and events (their published sections, or the `form` of a page
 * without sections), unpublished drafts, and products asking their additional fields with it. Names, for
 * the message that refuses the delete.
 */
export async function formUsers(db: Executor, websiteId: string, formKey: string): Promise<string[]> {
  const [items, drafts, products] = await Promise.all([
    itemsMentioning(db, websiteId, formKey),
    draftsMentioning(db, websiteId, formKey),
    productsUsing(db, websiteId, formKey),
  ]);
  const names = new Set<string>();
  for (const item of items) {
    const data = parsed(item.data);
    if (data.form === formKey || sectionsUse(data.sections, formKey)) names.add(item.title);
  }
  for (const draft of drafts) if (sectionsUse(parsed(draft.document).sections, formKey)) names.add(`${draft.title} (draft)`);
  for (const product of products) names.add(product.title);
  return [...names].sort((a, b) => a.localeCompare(b));
}
