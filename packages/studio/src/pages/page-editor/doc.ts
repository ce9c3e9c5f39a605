// The editor's changes of a document, each a pure function from one document to the next (so that
// undo keeps every state as it was). Sections and blocks are found by their ids, which stay the
// same through saves, moves and restores.
import { checkContentLimits } from '@tessera/core/constants';
import { type BlockKind, countBlocks, type LayoutBlock, type LayoutSection, layoutId, MAX_BLOCKS_PER_LAYOUT, newBlock, newSection } from '@tessera/core/layout';
import type { ContentDocument } from './calls.js';

/** What the outline has selected: a section, or a block in its section. */
export type Selection = { readonly section: string; readonly block?: string } | null;

type Doc = ContentDocument;
type Result = { doc: Doc; selection: Selection } | { refused: string };

const withSections = (doc: Doc, sections: readonly LayoutSection[]): Doc => ({ ...doc, sections });

export function findBlock(doc: Doc, blockId: string): { section: LayoutSection; sectionIndex: number; block: LayoutBlock; index: number } | null {
  for (const [sectionIndex, section] of doc.sections.entries()) {
    const index = section.blocks.findIndex((b) => b.id === blockId);
    if (index >= 0) return { section, sectionIndex, block: section.blocks[index]!, index };
  }
  return null;
}

/** The spec's limit, checked before a block is added: the message of core's limits, or null. */
export function blockLimitMessage(doc: Doc, adding = 1): string | null {
  const count = countBlocks(doc) + adding;
  return count > MAX_BLOCKS_PER_LAYOUT ? (checkContentLimits({ blocksPerLayout: count })[0] ?? null) : null;
}

/** A new section after the one given (at the end without one). */
export function addSection(doc: Doc, after?: string): Result {
  const section = newSection();
  const at = after ? doc.sections.findIndex((s) => s.id === after) + 1 : doc.sections.length;
  const sections = [...doc.sections];
  sections.splice(at <= 0 ? sections.length : at, 0, section);
  return { doc: withSections(doc, sections), selection: { section: section.id } };
}

/**
 * A block of a kind with its defaults, after the selected block (or at the end of the selected
 * section; in a new section when the page has none). Refused past the spec's 60 blocks.
 */
export function addBlock(doc: Doc, kind: BlockKind, selection: Selection): Result {
  const refused = blockLimitMessage(doc);
  if (refused) return { refused };
  let current = doc;
  let sectionId = selection?.section;
  if (!sectionId || !doc.sections.some((s) => s.id === sectionId)) {
    const added = addSection(doc) as { doc: Doc; selection: { section: string } };
    current = added.doc;
    sectionId = added.selection.section;
  }
  const section = current.sections.find((s) => s.id === sectionId)!;
  const block = { ...newBlock(kind, section.columns), id: layoutId('b') } as LayoutBlock;
  const after = selection?.block ? section.blocks.findIndex((b) => b.id === selection.block) : -1;
  const blocks = [...section.blocks];
  blocks.splice(after >= 0 ? after + 1 : blocks.length, 0, block);
  return {
    doc: withSections(
      current,
      current.sections.map((s) => (s.id === sectionId ? { ...s, blocks } : s)),
    ),
    selection: { section: sectionId, block: block.id },
  };
}

const copyBlock = (b: LayoutBlock): LayoutBlock => ({ ...structuredClone(b), id: layoutId('b') });

/** A copy of the selected block after it, or of the selected section (its blocks too) after it. */
export function duplicate(doc: Doc, selection: Selection): Result {
  if (!selection) return { doc, selection };
  const section = doc.sections.find((s) => s.id === selection.section);
  if (!section) return { doc, selection };
  if (selection.block) {
    const refused = blockLimitMessage(doc);
    if (refused) return { refused };
    const index = section.blocks.findIndex((b) => b.id === selection.block);
    if (index < 0) return { doc, selection };
    const copy = copyBlock(section.blocks[index]!);
    const blocks = [...section.blocks];
    blocks.splice(index + 1, 0, copy);
    return {
      doc: withSections(
        doc,
        doc.sections.map((s) => (s === section ? { ...s, blocks } : s)),
      ),
      selection: { section: section.id, block: copy.id },
    };
  }
  const refused = blockLimitMessage(doc, section.blocks.length);
  if (refused) return { refused };
  const copy: LayoutSection = { ...structuredClone(section), id: layoutId('s'), blocks: section.blocks.map(copyBlock) };
  const sections = [...doc.sections];
  sections.splice(doc.sections.indexOf(section) + 1, 0, copy);
  return { doc: withSections(doc, sections), selection: { section: copy.id } };
}

/** Without the selected block or section; the selection goes to its neighbour. */
export function remove(doc: Doc, selection: Selection): { doc: Doc; selection: Selection } {
  if (!selection) return { doc, selection };
  const si = doc.sections.findIndex((s) => s.id === selection.section);
  if (si < 0) return { doc, selection };
  const section = doc.sections[si]!;
  if (selection.block) {
    const index = section.blocks.findIndex((b) => b.id === selection.block);
    const blocks = section.blocks.filter((b) => b.id !== selection.block);
    const next = blocks[Math.min(index, blocks.length - 1)];
    return {
      doc: withSections(
        doc,
        doc.sections.map((s) => (s === section ? { ...s, blocks } : s)),
      ),
      selection: next ? { section: section.id, block: next.id } : { section: section.id },
    };
  }
  const sections = doc.sections.filter((s) => s !== section);
  const next = sections[Math.min(si, sections.length - 1)];
  return { doc: withSections(doc, sections), selection: next ? { section: next.id } : null };
}

/**
 * The selected item one place up (-1) or down (+1). A block at the edge of its section goes to the
 * end (or start) of the section before (or after), so the keyboard reaches every place a drag does.
 * Null when it cannot move further.
 */
export function move(doc: Doc, selection: Selection, by: -1 | 1): { doc: Doc; place: string } | null {
  if (!selection) return null;
  const si = doc.sections.findIndex((s) => s.id === selection.section);
  if (si < 0) return null;
  if (!selection.block) {
    const to = si + by;
    if (to < 0 || to >= doc.sections.length) return null;
    return { doc: withSections(doc, arrayMove(doc.sections, si, to)), place: `section ${to + 1} of ${doc.sections.length}` };
  }
  const section = doc.sections[si]!;
  const index = section.blocks.findIndex((b) => b.id === selection.block);
  if (index < 0) return null;
  const to = index + by;
  if (to >= 0 && to < section.blocks.length) {
    const sections = doc.sections.map((s) => (s === section ? { ...s, blocks: arrayMove(section.blocks, index, to) } : s));
    return { doc: withSections(doc, sections), place: `place ${to + 1} of ${section.blocks.length} in section ${si + 1}` };
  }
  const target = doc.sections[si + by];
  if (!target) return null;
  return moveBlockTo(doc, selection.block, target.id, by < 0 ? target.blocks.length : 0);
}

/** A block moved into a section at an index (a drag's drop, or a move across sections). */
export function moveBlockTo(doc: Doc, blockId: string, sectionId: string, index: number): { doc: Doc; place: string } | null {
  const from = findBlock(doc, blockId);
  const ti = doc.sections.findIndex((s) => s.id === sectionId);
  if (!from || ti < 0) return null;
  if (from.sectionIndex === ti && from.index === index) return null;
  const without = doc.sections.map((s) => (s === from.section ? { ...s, blocks: s.blocks.filter((b) => b.id !== blockId) } : s));
  const target = without[ti]!;
  const at = Math.max(0, Math.min(index, target.blocks.length));
  const block = { ...from.block, span: Math.min(from.block.span, target.columns) } as LayoutBlock;
  const blocks = [...target.blocks];
  blocks.splice(at, 0, block);
  without[ti] = { ...target, blocks };
  return { doc: withSections(doc, without), place: `place ${at + 1} of ${blocks.length} in section ${ti + 1}` };
}

export function moveSectionTo(doc: Doc, sectionId: string, index: number): Doc {
  const from = doc.sections.findIndex((s) => s.id === sectionId);
  return from < 0 || from === index ? doc : withSections(doc, arrayMove(doc.sections, from, Math.max(0, Math.min(index, doc.sections.length - 1))));
}

export function updateSection(doc: Doc, sectionId: string, change: (s: LayoutSection) => LayoutSection): Doc {
  return withSections(
    doc,
    doc.sections.map((s) => (s.id === sectionId ? change(s) : s)),
  );
}

export function updateBlock(doc: Doc, blockId: string, change: (b: LayoutBlock) => LayoutBlock): Doc {
  return withSections(
    doc,
    doc.sections.map((s) => (s.blocks.some((b) => b.id === blockId) ? { ...s, blocks: s.blocks.map((b) => (b.id === blockId ? change(b) : b)) } : s)),
  );
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/**
 * Problems' paths (`sections[0].blocks[2].settings.link`) as the ids they name in the document they
 * were found in, and the rest of the path: `{ 'b-1a2b': { 'settings.link': message } }`. A path
 * naming no section or block (the 60-block limit: `sections`) stays under `''`.
 */
export function problemsById(doc: Doc, problems: Readonly<Record<string, string>>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(problems)) {
    const m = /^sections\[(\d+)\](?:\.blocks\[(\d+)\])?\.?(.*)$/.exec(path);
    const section = m ? doc.sections[Number(m[1])] : undefined;
    const block = m?.[2] !== undefined ? section?.blocks[Number(m[2])] : undefined;
    const id = block?.id ?? section?.id ?? '';
    const rest = block || section ? (m?.[3] ?? '') : path;
    out[id] = { ...out[id], [rest]: message };
  }
  return out;
}
