import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../../src/pages/page-editor/calls.js';
import { addBlock, move, problemsById } from '../../src/pages/page-editor/doc.js';
import { record, redo, startHistory, undo } from '../../src/pages/page-editor/history.js';
import { content, section, text } from './page-editor-fixtures.js';

const doc = (sections: unknown[]) => content({}, sections).draft!.document as ContentDocument;
const ids = (d: ContentDocument) => d.sections.map((s) => s.blocks.map((b) => b.id));

describe("the page editor's changes of a document", () => {
  it('moves a block at the edge of its section into the next one, and stops at the ends', () => {
    const d = doc([section('s-1', [text('b-1', 'a'), text('b-2', 'b')]), section('s-2', [text('b-3', 'c')], 2)]);
    const down = move(d, { section: 's-1', block: 'b-2' }, 1)!;
    expect(ids(down.doc)).toEqual([['b-1'], ['b-2', 'b-3']]);
    expect(down.place).toBe('place 1 of 2 in section 2');
    const up = move(down.doc, { section: 's-2', block: 'b-2' }, -1)!;
    expect(ids(up.doc)).toEqual([['b-1', 'b-2'], ['b-3']]);
    expect(move(d, { section: 's-1', block: 'b-1' }, -1)).toBeNull();
    expect(ids(move(d, { section: 's-2' }, -1)!.doc)).toEqual([['b-3'], ['b-1', 'b-2']]);
  });

  it('adds a block into a new section when the page has none, with a fresh id and its defaults', () => {
    const added = addBlock(doc([]), 'summary', null);
    if ('refused' in added) throw new Error(added.refused);
    const block = added.doc.sections[0]!.blocks[0]!;
    expect(added.selection).toEqual({ section: added.doc.sections[0]!.id, block: block.id });
    expect(block).toMatchObject({ kind: 'summary', variant: 1007, settings: { limit: 3, columns: 3 } });
    expect(block.id).toMatch(/^b-[0-9a-f]{12}$/);
  });

  it('places problems by the ids their paths name in the document they were found in', () => {
    const d = doc([section('s-1', [text('b-1', 'a'), text('b-2', 'b')])]);
    expect(problemsById(d, { 'sections[0].blocks[1].settings.link': 'bad link', 'sections[0].theme': 'bad theme', sections: 'too many' })).toEqual({
      'b-2': { 'settings.link': 'bad link' },
      's-1': { theme: 'bad theme' },
      '': { sections: 'too many' },
    });
  });
});

describe("the page editor's undo history", () => {
  it('makes quick changes of one field one step, and any other change a step of its own', () => {
    let h = startHistory('');
    h = record(h, 'N', 'b-1.text', 1000);
    h = record(h, 'No', 'b-1.text', 1500);
    h = record(h, 'Now', 'b-1.text', 2200);
    h = record(h, 'Now!', 'b-1.text', 3500);
    h = record(h, 'Now! ', 'b-2.text', 3600);
    expect(h.past).toEqual(['', 'Now', 'Now!']);
    h = undo(undo(h));
    expect(h.present).toBe('Now');
    // After an undo, typing again starts a new step and drops what was undone.
    h = record(h, 'Now?', 'b-1.text', 3700);
    expect(h.future).toEqual([]);
    expect(undo(h).present).toBe('Now');
    expect(redo(undo(h)).present).toBe('Now?');
  });
});
