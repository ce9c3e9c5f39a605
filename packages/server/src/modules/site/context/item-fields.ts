import { BLOCK_KINDS, type BlockKind } from '@tessera/core/layout';
import { BlockType } from '@tessera/core/enums';
import { isObject } from '../../../site-dir/checker.js';
import type { JsonObject } from '../../../site-dir/types.js';
import type { CollectionRow } from '../../../storage/content.js';
import type { SiteSnapshot } from '../snapshot.js';

/** The block kinds a summary may promote (show in place of the item's main image). */
const PROMOTED: ReadonlySet<number> = new Set([BlockType.IMAGE, BlockType.VIDEO, BlockType.GALLERY, BlockType.AUDIO]);

/** What each collection's items are, by the collection's type name. */
const CURRENT_TYPES: Readonly<Record<string, string>> = {
  blog: 'blog-post',
  events: 'event',
  products: 'product',
  gallery: 'gallery-item',
  lessons: 'lesson',
  page: 'page',
};

const EVENT_CHOICES = ['upcoming', 'past', 'both'];

/**
 * The content item fields of the spec that Tessera makes from what it knows (docs/site-format.md
 * "Content item"): promotedBlockType, the spec's block type of the layout's first block when it is a
 * media block (image, video, gallery, audio), else null; mainImageId and systemDataId, the main
 * image's library id and the hash of its bytes; showPastOrUpcomingEvents, an events collection's
 * choice ("upcoming", "past" or "both"; default "upcoming"), null elsewhere; currentType, what the
 * item is (blog-post, event, product, gallery-item, lesson, page); backgroundSource, what its page
 * header shows behind the title: "video", "image" or "none".
 */
export function contentItemFields(s: SiteSnapshot, c: CollectionRow, data: JsonObject, mainImage: string | null) {
  const info = mainImage ? s.assets.get(mainImage) : undefined;
  return {
    promotedBlockType: promotedBlockType(data.sections),
    mainImageId: info?.id ?? null,
    systemDataId: info ? info.sha256.slice(0, 24) : null,
    showPastOrUpcomingEvents: c.type_name === 'events' ? eventsChoice(c) : null,
    currentType: CURRENT_TYPES[c.type_name] ?? c.type_name,
    backgroundSource: typeof data.video === 'string' ? 'video' : mainImage ? 'image' : 'none',
  };
}

function promotedBlockType(sections: unknown): number | null {
  if (!Array.isArray(sections)) return null;
  const first = sections.find((sec) => isObject(sec) && Array.isArray(sec.blocks) && sec.blocks.length > 0) as { blocks: unknown[] } | undefined;
  const block = first?.blocks[0];
  const kind = isObject(block) && typeof block.kind === 'string' ? (block.kind as BlockKind) : null;
  const type = kind && Object.hasOwn(BLOCK_KINDS, kind) ? BLOCK_KINDS[kind].type : null;
  return type !== null && PROMOTED.has(type) ? type : null;
}

function eventsChoice(c: CollectionRow): string {
  if (!c.data.includes('showPastOrUpcomingEvents')) return 'upcoming';
  const choice = (JSON.parse(c.data) as JsonObject).showPastOrUpcomingEvents;
  return typeof choice === 'string' && EVENT_CHOICES.includes(choice) ? choice : 'upcoming';
}
