import { type Layout, type LayoutBlock, type LayoutSection, readLayout } from '@tessera/core/layout';
import { AppError } from '../../errors.js';
import { sanitizeRichText } from '../../http/rich-text.js';
import type { ItemRow } from '../../storage/content.js';
import { type ItemFields, checkItemFields, itemFieldsOfData } from './item-fields.js';

/**
 * What the editor edits of an item: its title, its excerpt (rich text) and its sections of blocks;
 * a post and an event also their own fields (item-fields.ts), a page none.
 */
export type ContentDocument = {
  readonly title: string;
  readonly excerpt: string;
  readonly sections: Layout['sections'];
} & ItemFields;

/** Which fields a document has besides title, excerpt and sections, and the zone an event defaults to. */
export interface DocumentKind {
  readonly kind: string;
  readonly siteZone: string;
}

export interface Warning {
  readonly path: string;
  readonly message: string;
}

/**
 * A document as the editor sends it, made safe to store: the layout read by `readLayout` (its
 * errors refuse it with 400 VALIDATION_FAILED, each at its path; its warnings are returned), and the
 * rich text of every text block, accordion answer and the excerpt cut to what the editor makes.
 * Rich text is never refused for what it holds: a script or a `javascript:` link is simply dropped.
 */
export function checkedDocument(
  input: { title: string; excerpt?: string; sections?: unknown } & Record<string, unknown>,
  of: DocumentKind,
): { document: ContentDocument; warnings: Warning[] } {
  const { layout, problems } = readLayout({ sections: input.sections ?? [] });
  const errors: Record<string, string> = {};
  for (const p of problems) if (p.level === 'error') errors[p.path] ??= p.message;
  const title = input.title.trim();
  if (title === '') errors.title = 'Enter a title.';
  const fields = checkItemFields(of.kind, input, of.siteZone, errors);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
  const warnings = problems.filter((p) => p.level === 'warning').map(({ path, message }) => ({ path, message }));
  const document = { title, excerpt: sanitizeRichText(input.excerpt ?? ''), sections: layout.sections.map(sanitizedSection), ...fields };
  return { document, warnings };
}

function sanitizedSection(section: LayoutSection): LayoutSection {
  return { ...section, blocks: section.blocks.map(sanitizedBlock) };
}

function sanitizedBlock(block: LayoutBlock): LayoutBlock {
  if (block.kind === 'text') {
    const b = block as LayoutBlock<'text'>;
    return { ...b, settings: { html: sanitizeRichText(b.settings.html) } };
  }
  if (block.kind === 'accordion') {
    const b = block as LayoutBlock<'accordion'>;
    return { ...b, settings: { ...b.settings, items: b.settings.items.map((i) => ({ ...i, html: sanitizeRichText(i.html) })) } };
  }
  return block;
}

/**
 * The document an item holds now (what visitors see once its status lets them). An item written
 * before layouts shows its body: the editor gets that body as one text block, so that what the
 * owner edits is what visitors read, and the first block added never hides it.
 */
export function documentOfItem(row: Pick<ItemRow, 'title' | 'excerpt' | 'data' | 'body' | 'start_date' | 'end_date'>, of: DocumentKind): ContentDocument {
  const data = JSON.parse(row.data) as { sections?: unknown };
  const sections = Array.isArray(data.sections) ? data.sections : bodySections(row.body);
  return {
    title: row.title,
    excerpt: row.excerpt,
    sections: readLayout({ sections }).layout.sections,
    ...itemFieldsOfData(of.kind, data as Record<string, unknown>, row, of.siteZone),
  };
}

/** A body as a section holding one text block; ids fixed, so that reading the item twice gives the same document. */
function bodySections(body: string): unknown[] {
  const html = sanitizeRichText(body);
  return html === '' ? [] : [{ id: 's-body', blocks: [{ id: 'b-body', kind: 'text', settings: { html } }] }];
}

/**
 * The sections to write into an item's data (or to preview it with): none when the document has no
 * block and the item never had a layout, so that a page or a post written before layouts keeps
 * showing its own body (the theme shows a layout, even an empty one, in place of the body).
 */
export function sectionsFor(row: Pick<ItemRow, 'data'>, document: ContentDocument): ContentDocument['sections'] | undefined {
  if (document.sections.length > 0) return document.sections;
  return Array.isArray((JSON.parse(row.data) as { sections?: unknown }).sections) ? document.sections : undefined;
}

/** A stored document (a draft's or a published version's JSON). */
export function parseDocument(json: string, of: DocumentKind, row?: Parameters<typeof documentOfItem>[0]): ContentDocument {
  const raw = JSON.parse(json) as Partial<ContentDocument> & Record<string, unknown>;
  // A document saved without a post's own fields takes the item's (see checkItemFields).
  const fallback = row && raw.tags === undefined ? itemFieldsOfData(of.kind, JSON.parse(row.data) as Record<string, unknown>, row, of.siteZone) : {};
  return {
    ...fallback,
    title: raw.title ?? '',
    excerpt: raw.excerpt ?? '',
    sections: readLayout({ sections: raw.sections ?? [] }).layout.sections,
    // Checked when it was saved: read back as it is, what no longer passes (a zone gone) only dropped.
    ...checkItemFields(of.kind, raw, of.siteZone, {}),
  };
}

/** Each code block's HTML by its id: what an account without editCode must leave as it is. */
function codeBlocks(document: ContentDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const section of document.sections) {
    for (const block of section.blocks) if (block.kind === 'code') out.set(block.id, (block as LayoutBlock<'code'>).settings.html);
  }
  return out;
}

/** Whether a code block was added, removed or changed between two documents (a moved one is the same). */
export function codeChanged(before: ContentDocument, after: ContentDocument): boolean {
  const a = codeBlocks(before);
  const b = codeBlocks(after);
  if (a.size !== b.size) return true;
  for (const [id, html] of a) if (b.get(id) !== html) return true;
  return false;
}
