import {
  BLOCK_KINDS,
  BREAKPOINTS,
  type BlockSettings,
  isBlockKind,
  type Layout,
  type LayoutBlock,
  type LayoutSection,
  readLayout,
  VARIANT_NAMES,
} from '@tessera/core/layout';
import type { Store } from '../../../storage/dialect.js';
import type { PageContext, PageRequest } from '../pages.js';
import type { SiteSnapshot } from '../snapshot.js';
import { imageContext } from './assets.js';
import { chartContext } from './layout-chart.js';
import { BLOCK_DATA } from './layout-data.js';

/**
 * The page context of a layout (`item.layout`): each section with ready-made classes, each block with
 * its kind, BlockType number, variant name, classes and settings, images as the image objects the
 * theme writes srcset and sizes from, and what the kind reads from the store (`data`). The theme's
 * `blocks/layout-section.block` and `blocks/layout-block.block` render it (themes/default/README.md).
 */

/** Turns an asset path into the image object themes read (`imageContext`, or a stand-in in tests). */
export type ImageOf = (path: string, title: string, alt: string, caption: string) => Record<string, unknown>;

/** What blocks take from the site: its images, and its social accounts for a social block with no links of its own. */
export interface LayoutSite {
  readonly imageOf: ImageOf;
  readonly socialAccounts: readonly unknown[];
}

interface BlockContext {
  id: string;
  kind: string;
  type: number;
  variant: number | null;
  variantName: string;
  span: number;
  classes: string;
  settings: Record<string, unknown>;
  data?: Record<string, unknown>;
}

interface SectionContext extends Omit<LayoutSection, 'blocks'> {
  classes: string;
  blocks: BlockContext[];
}

function hiddenClasses(hidden: { mobile: boolean; desktop: boolean }): string[] {
  const out: string[] = [];
  if (hidden.mobile) out.push('is-hidden-mobile');
  if (hidden.desktop) out.push('is-hidden-desktop');
  return out;
}

function sectionClasses(s: LayoutSection): string {
  const { top, bottom } = s.spacing;
  const out = [`page-section--theme-${s.theme}`, `page-section--width-${s.width}`, `page-section--cols-${s.columns}`, `page-section--pt-${top.desktop}`];
  if (top.mobile !== undefined) out.push(`page-section--pt-mobile-${top.mobile}`);
  out.push(`page-section--pb-${bottom.desktop}`);
  if (bottom.mobile !== undefined) out.push(`page-section--pb-mobile-${bottom.mobile}`);
  if (s.slice) out.push(`page-section--slice-${s.slice}`);
  return [...out, ...hiddenClasses(s.hidden)].join(' ');
}

/** A social profile as the theme's `social-link.block` reads it, named after its host. */
function socialAccount(url: string) {
  let host = '';
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    // isValidLink already refused such links; a bad one left in the store shows as its text.
  }
  const name = host.split('.').slice(-2, -1)[0] ?? host;
  return { serviceName: name === 'youtu' ? 'youtube' : name || url, profileUrl: url };
}

/** Settings as the theme reads them: images as image objects, a chart drawn, social links as profiles. */
function blockSettings(block: LayoutBlock, variantName: string, site: LayoutSite): Record<string, unknown> {
  const { imageOf } = site;
  switch (block.kind) {
    case 'image': {
      const s = block.settings as BlockSettings['image'];
      // A link with a button label is the button; without one, the picture itself is the link.
      return {
        ...s,
        image: s.image ? imageOf(s.image, s.title, s.alt, s.caption) : null,
        pictureLink: s.buttonLabel === '' ? s.link : '',
        buttonLink: s.buttonLabel !== '' ? s.link : '',
      };
    }
    case 'gallery': {
      const s = block.settings as BlockSettings['gallery'];
      return { ...s, images: s.images.map((img) => ({ ...img, image: img.image ? imageOf(img.image, img.title, img.alt, img.caption) : null })) };
    }
    case 'social': {
      const s = block.settings as BlockSettings['social'];
      return { ...s, accounts: s.links.length > 0 ? s.links.map(socialAccount) : site.socialAccounts };
    }
    case 'chart': {
      const s = block.settings as BlockSettings['chart'];
      return { ...s, chart: chartContext(s, variantName) };
    }
    case 'spacer': {
      const s = block.settings as BlockSettings['spacer'];
      return { ...s, style: `--spacer-height:${s.height.desktop}px;--spacer-height-mobile:${s.height.mobile ?? s.height.desktop}px` };
    }
    case 'accordion': {
      const s = block.settings as BlockSettings['accordion'];
      // The first answer opens when asked; keys every entry carries (see README: lookups inside loops).
      return { ...s, items: s.items.map((item, i) => ({ ...item, open: s.openFirst && i === 0 })), group: `accordion-${block.id}` };
    }
    default:
      return block.settings as Record<string, unknown>;
  }
}

/** Widths of a section's content box on a desktop (the max-widths of styles/sections.css, less their padding). */
const SECTION_PX: Record<string, number> = { narrow: 720, wide: 1160, full: 1920 };

/**
 * `sizes` of a picture in a block: the whole screen on a phone (one column), its share of the section
 * on a desktop (a card's picture takes half of its block).
 */
function pictureSizes(section: LayoutSection, block: LayoutBlock, variantName: string): string {
  const share = (block.span / section.columns) * (variantName === 'card' || variantName === 'collage' ? 0.5 : 1);
  const px = Math.round((SECTION_PX[section.width] ?? 1200) * share);
  const vw = Math.round(100 * share);
  return `(min-width: ${BREAKPOINTS.desktopMin}px) min(${vw}vw, ${px}px), 100vw`;
}

function blockContext(section: LayoutSection, block: LayoutBlock, site: LayoutSite): BlockContext {
  const variantName = block.variant !== undefined ? (VARIANT_NAMES[block.variant] ?? '') : '';
  const classes = [`layout-block--span-${block.span}`];
  if (variantName) classes.push(`layout-block--${block.kind}-${variantName}`);
  return {
    id: block.id,
    kind: block.kind,
    type: BLOCK_KINDS[block.kind].type,
    variant: block.variant ?? null,
    variantName,
    span: block.span,
    classes: [...classes, ...hiddenClasses(block.hidden)].join(' '),
    settings: {
      ...blockSettings(block, variantName, site),
      ...(block.kind === 'image' || block.kind === 'gallery' ? { sizes: pictureSizes(section, block, variantName) } : {}),
    },
  };
}

export interface LayoutContext {
  sections: SectionContext[];
  /** Whether a block gives the page its one h1; when none does, the page template writes the title as one. */
  hasHeading: boolean;
}

const H1 = /<h1[\s>]/i;

/**
 * The sections of a layout as the theme reads them, without the blocks' data from the store. A page has
 * one h1: a text block's own, else the title of the first picture that has one (a hero), else none.
 */
export function layoutSections(layout: Layout, site: LayoutSite): LayoutContext {
  const sections = layout.sections.map((section) => ({
    ...section,
    classes: sectionClasses(section),
    blocks: section.blocks.map((b) => blockContext(section, b, site)),
  }));
  const blocks = sections.flatMap((s) => s.blocks);
  let hasHeading = blocks.some((b) => b.kind === 'text' && H1.test(String(b.settings.html)));
  for (const b of blocks) {
    if (b.kind !== 'image') continue;
    const first = !hasHeading && b.settings.title !== '';
    b.settings.titleTag = first ? 'h1' : 'h2';
    if (first) hasHeading = true;
  }
  return { sections, hasHeading };
}

/**
 * A stored layout read for showing: every problem is the owner's to fix in the editor, never the
 * visitor's, so a block with an error is left out and the rest of the page still shows.
 */
export function readStoredLayout(sections: unknown): Layout {
  // Entries that are no section or no block of a known kind are dropped first, so that the indexes of
  // the problems' paths are those of what readLayout returns.
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const clean = Array.isArray(sections)
    ? sections.filter(isObj).map((s) => (Array.isArray(s.blocks) ? { ...s, blocks: s.blocks.filter((b) => isObj(b) && isBlockKind(b.kind)) } : s))
    : sections;
  const { layout, problems } = readLayout(clean);
  const bad = new Set<string>();
  for (const p of problems) {
    if (p.level !== 'error') continue;
    const at = /^sections\[(\d+)\]\.blocks\[(\d+)\]/.exec(p.path);
    if (at) bad.add(`${at[1]}/${at[2]}`);
  }
  if (bad.size === 0) return layout;
  return { sections: layout.sections.map((s, si) => ({ ...s, blocks: s.blocks.filter((_, bi) => !bad.has(`${si}/${bi}`)) })) };
}

function snapshotSite(s: SiteSnapshot): LayoutSite {
  return { imageOf: (path, title, alt, caption) => ({ ...imageContext(s, path, title, alt || null), body: caption }), socialAccounts: s.socialAccounts };
}

interface Built {
  readonly layout: Layout;
  readonly context: LayoutContext;
}

/**
 * Built layouts per site version, by the item's stored data: a page's layout is read and built once
 * (charts drawn, images looked up), then only copied per request, where the blocks' data is added.
 * The editor's previews pass their unsaved data too, so the kept layouts are bounded by the total
 * length of their keys: past it, the version's store starts afresh.
 */
const builtLayouts = new WeakMap<SiteSnapshot, { map: Map<string, Built>; chars: number }>();
const MAX_KEPT_CHARS = 8_000_000;

function buildLayout(s: SiteSnapshot, sections: unknown, key: string | undefined): Built {
  const build = (): Built => {
    const layout = readStoredLayout(sections);
    return { layout, context: layoutSections(layout, snapshotSite(s)) };
  };
  if (key === undefined) return build();
  let kept = builtLayouts.get(s);
  if (!kept) {
    kept = { map: new Map(), chars: 0 };
    builtLayouts.set(s, kept);
  }
  let hit = kept.map.get(key);
  if (!hit) {
    if (kept.chars + key.length > MAX_KEPT_CHARS) {
      kept.map.clear();
      kept.chars = 0;
    }
    hit = build();
    kept.map.set(key, hit);
    kept.chars += key.length;
  }
  return hit;
}

/**
 * `item.layout` for an item whose data has `sections`, or null. `key` (the item's stored data) lets the
 * built layout be kept for the site version. The kinds that read from the store (BLOCK_DATA) are asked
 * all at once; a block whose answer is null (a product deleted since) is left out.
 */
export async function layoutContext(store: Store, req: PageRequest, sections: unknown, page: PageContext, key?: string): Promise<LayoutContext | null> {
  if (!Array.isArray(sections)) return null;
  const { layout, context: kept } = buildLayout(req.snapshot, sections, key);
  // The kept context is shared between requests: each gets its own sections and blocks to add data to.
  const built: SectionContext[] = kept.sections.map((section) => ({ ...section, blocks: section.blocks.map((b) => ({ ...b })) }));
  const pending: Promise<void>[] = [];
  const dropped = new Set<BlockContext>();
  for (const [si, section] of built.entries()) {
    for (const [bi, block] of section.blocks.entries()) {
      const read = BLOCK_DATA[block.kind as keyof typeof BLOCK_DATA];
      if (!read) continue;
      // The kind's reader gets the settings as stored (asset paths, not image objects).
      const settings = layout.sections[si]!.blocks[bi]!.settings as Readonly<Record<string, unknown>>;
      pending.push(
        read(store, req, settings, page).then((data) => {
          if (data === null) dropped.add(block);
          else block.data = data;
        }),
      );
    }
  }
  if (pending.length > 0) await Promise.all(pending);
  if (dropped.size > 0) for (const section of built) section.blocks = section.blocks.filter((b) => !dropped.has(b));
  return { sections: built, hasHeading: kept.hasHeading };
}
