import { type BlockSettings, type Layout, readLayout } from '@tessera/core/layout';
import { sanitizeRichText } from '../http/rich-text.js';
import type { Reader } from './checker.js';
import type { Json } from './types.js';

/**
 * An item's `sections` (a page's layout, a post's or an event's body of blocks), checked with core's
 * readLayout: every error is reported at its path under the item, and the import refuses the site.
 * What is stored is the layout with its defaults filled in and its rich text cut to what the editor
 * makes, so an exported site re-imports identically.
 */
export function readItemSections(r: Reader): Json | undefined {
  if (!r.has('sections')) return undefined;
  const { layout, problems } = readLayout(r.obj.sections);
  for (const p of problems) if (p.level === 'error') r.fail(p.path, p.message);
  return sanitizeLayout(layout).sections as unknown as Json;
}

/** The layout with the HTML of its text blocks and accordion answers sanitised. */
function sanitizeLayout(layout: Layout): Layout {
  return {
    sections: layout.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) => {
        if (block.kind === 'text') {
          const s = block.settings as BlockSettings['text'];
          return { ...block, settings: { ...s, html: sanitizeRichText(s.html) } };
        }
        if (block.kind === 'accordion') {
          const s = block.settings as BlockSettings['accordion'];
          return { ...block, settings: { ...s, items: s.items.map((item) => ({ ...item, html: sanitizeRichText(item.html) })) } };
        }
        return block;
      }),
    })),
  };
}
