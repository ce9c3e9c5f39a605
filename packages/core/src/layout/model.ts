import { BlockType } from '../enums/content.js';
import { BlockVariantType, PageSectionSliceType } from '../enums/blocks.js';

/**
 * A page's layout (and a blog post's or an event's body): sections, each holding blocks. Plain
 * data, the same in the store, in a site directory (`sections` of an item, docs/site-format.md)
 * and in the studio's editor; the theme renders each block with its own template
 * (`themes/default/blocks/layout-<kind>.block`).
 */
export interface Layout {
  readonly sections: readonly LayoutSection[];
}

/** The spec's breakpoints (platform.md section 6): mobile up to 432 px wide, desktop from 433 px. */
export const BREAKPOINTS = Object.freeze({ mobileMax: 432, desktopMin: 433 });
export type Breakpoint = 'mobile' | 'desktop';

/** A value per screen size: `mobile` falls back to `desktop` when absent. */
export interface Responsive<T> {
  readonly desktop: T;
  readonly mobile?: T;
}

/** Hidden on a screen size (a section or a block the owner keeps for one size only). */
export interface Visibility {
  readonly mobile: boolean;
  readonly desktop: boolean;
}

export const SPACINGS = ['none', 'small', 'medium', 'large'] as const;
export type Spacing = (typeof SPACINGS)[number];

export const SECTION_WIDTHS = ['narrow', 'wide', 'full'] as const;
export type SectionWidth = (typeof SECTION_WIDTHS)[number];

/**
 * Colour themes a section may take. Site styles name their own (any lower-case slug is kept);
 * these are the ones every theme knows.
 */
export const SECTION_THEMES = ['default', 'light', 'dark', 'accent'] as const;

export interface LayoutSection {
  /** Unique within the layout: the editor's handle on it, kept through saves and restores. */
  readonly id: string;
  /** The spec's page-section slice type where the section is one of them (a heading, a gallery...). */
  readonly slice?: PageSectionSliceType;
  readonly theme: string;
  readonly width: SectionWidth;
  /** Columns on a desktop (1 to 4); a phone always shows one. */
  readonly columns: number;
  readonly spacing: { readonly top: Responsive<Spacing>; readonly bottom: Responsive<Spacing> };
  readonly hidden: Visibility;
  readonly blocks: readonly LayoutBlock[];
}

export interface LayoutBlock<K extends BlockKind = BlockKind> {
  readonly id: string;
  readonly kind: K;
  /** The spec's block variant type (1000 to 1018) for kinds that have variants. */
  readonly variant?: BlockVariantType;
  /** Columns of its section it spans on a desktop (1 to the section's columns). */
  readonly span: number;
  readonly hidden: Visibility;
  readonly settings: BlockSettings[K];
}

// ---- The block kinds and their settings ----------------------------------------------------

/** An address as the spec's content item location holds it. */
export interface LayoutAddress {
  readonly addressTitle: string;
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly addressCountry: string;
  readonly mapLat?: number;
  readonly mapLng?: number;
}

export interface BlockSettings {
  /** Rich text: sanitised HTML (headings, paragraphs, lists, quotes, links, bold, italic). */
  readonly text: { readonly html: string };
  /** An image of the media library, by asset path (`assets/...`). */
  readonly image: {
    readonly image: string;
    readonly alt: string;
    readonly title: string;
    readonly caption: string;
    readonly link: string;
    readonly buttonLabel: string;
  };
  readonly gallery: {
    readonly images: readonly { readonly image: string; readonly alt: string; readonly title: string; readonly caption: string }[];
    /** Gallery options of the spec's table (`@tessera/core/gallery`); missing ones take their defaults. */
    readonly options: Readonly<Record<string, unknown>>;
  };
  readonly button: {
    readonly label: string;
    readonly link: string;
    readonly style: 'primary' | 'secondary' | 'tertiary';
    readonly size: 'small' | 'medium' | 'large';
    readonly align: 'left' | 'center' | 'right';
    readonly newWindow: boolean;
  };
  /** One product, by `collection/item` URL ids (`shop/stoneware-mug`), with its add-to-cart button. */
  readonly product: { readonly product: string; readonly showImage: boolean; readonly showExcerpt: boolean };
  /** A collection's first items, by the collection's URL id. */
  readonly summary: {
    readonly collection: string;
    readonly title: string;
    readonly limit: number;
    readonly columns: number;
    readonly showImage: boolean;
    readonly showTitle: boolean;
    readonly showExcerpt: boolean;
    readonly showPrice: boolean;
    readonly showDate: boolean;
    readonly tag: string;
    readonly category: string;
  };
  /** A site form, by its id (forms/<id>.json). */
  readonly form: { readonly form: string; readonly title: string };
  readonly newsletter: { readonly form: string; readonly title: string; readonly description: string };
  readonly accordion: {
    readonly items: readonly { readonly title: string; readonly html: string }[];
    readonly openFirst: boolean;
    readonly allowMultiple: boolean;
  };
  readonly map: { readonly address: LayoutAddress; readonly zoom: number };
  /** A video of the media library or a link it added (`assets/embeds/...`). */
  readonly video: { readonly video: string; readonly caption: string };
  readonly audio: { readonly audio: string; readonly title: string; readonly author: string };
  /** HTML as written by an owner who may edit code; shown in a sandboxed frame. */
  readonly code: { readonly html: string };
  readonly quote: { readonly text: string; readonly source: string };
  readonly spacer: { readonly height: Responsive<number> };
  readonly line: Readonly<Record<string, never>>;
  /** The site's social accounts, or these links when given. */
  readonly social: { readonly links: readonly string[]; readonly style: 'icons' | 'text' };
  readonly chart: {
    readonly title: string;
    readonly columns: readonly string[];
    readonly rows: readonly (readonly string[])[];
    readonly showLegend: boolean;
  };
}

export type BlockKind = keyof BlockSettings;

export interface BlockKindInfo {
  /** The spec's BlockType number. */
  readonly type: BlockType;
  /** What the editor's picker calls it. */
  readonly label: string;
  /** The variant types the kind may take, the first being its default. */
  readonly variants?: readonly BlockVariantType[];
}

const V = BlockVariantType;

/** Every block kind, in the picker's order. */
export const BLOCK_KINDS: Readonly<Record<BlockKind, BlockKindInfo>> = Object.freeze({
  text: { type: BlockType.HTML, label: 'Text' },
  image: {
    type: BlockType.IMAGE,
    label: 'Image',
    variants: [V.IMAGE_INLINE, V.IMAGE_POSTER, V.IMAGE_CARD, V.IMAGE_OVERLAP, V.IMAGE_COLLAGE, V.IMAGE_STACK],
  },
  gallery: { type: BlockType.GALLERY, label: 'Gallery', variants: [V.GALLERY_GRID, V.GALLERY_SLIDESHOW, V.GALLERY_CAROUSEL, V.GALLERY_STACK] },
  button: { type: BlockType.BUTTON, label: 'Button' },
  product: { type: BlockType.PRODUCT, label: 'Product' },
  summary: { type: BlockType.SUMMARY_V2, label: 'Summary', variants: [V.SUMMARY_GRID, V.SUMMARY_WALL, V.SUMMARY_CAROUSEL, V.SUMMARY_LIST] },
  form: { type: BlockType.FORM, label: 'Form' },
  newsletter: { type: BlockType.NEWSLETTER, label: 'Newsletter' },
  accordion: { type: BlockType.ACCORDION, label: 'Accordion' },
  map: { type: BlockType.MAP, label: 'Map' },
  video: { type: BlockType.VIDEO, label: 'Video' },
  audio: { type: BlockType.AUDIO, label: 'Audio' },
  code: { type: BlockType.CODE, label: 'Code' },
  quote: { type: BlockType.QUOTE, label: 'Quote' },
  spacer: { type: BlockType.SPACER, label: 'Spacer' },
  line: { type: BlockType.HORIZONTALRULE, label: 'Line' },
  social: { type: BlockType.SOCIALACCOUNTLINKS_V2, label: 'Social links' },
  chart: { type: BlockType.CHART, label: 'Chart', variants: [V.CHART_BAR, V.CHART_LINE, V.CHART_PIE] },
});

export function isBlockKind(value: unknown): value is BlockKind {
  return typeof value === 'string' && Object.hasOwn(BLOCK_KINDS, value);
}

/** The name the theme's templates use for a variant (`inline`, `poster`, `wall`, `bar`...). */
export const VARIANT_NAMES: Readonly<Record<number, string>> = Object.freeze({
  [V.GALLERY_SLIDESHOW]: 'slideshow',
  [V.GALLERY_CAROUSEL]: 'carousel',
  [V.GALLERY_GRID]: 'grid',
  [V.GALLERY_STACK]: 'stack',
  [V.SUMMARY_WALL]: 'wall',
  [V.SUMMARY_CAROUSEL]: 'carousel',
  [V.SUMMARY_LIST]: 'list',
  [V.SUMMARY_GRID]: 'grid',
  [V.CHART_BAR]: 'bar',
  [V.CHART_LINE]: 'line',
  [V.CHART_PIE]: 'pie',
  [V.IMAGE_INLINE]: 'inline',
  [V.IMAGE_POSTER]: 'poster',
  [V.IMAGE_CARD]: 'card',
  [V.IMAGE_OVERLAP]: 'overlap',
  [V.IMAGE_COLLAGE]: 'collage',
  [V.IMAGE_STACK]: 'stack',
});

/** Most rows a chart keeps; more are cut with the spec's "Your dataset has been truncated to {maxRows} rows". */
export const CHART_MAX_ROWS = 100;
/** Most sections a layout holds (the spec limits blocks only; this keeps a page's data bounded). */
export const MAX_SECTIONS = 60;

export const SLICE_TYPES: readonly string[] = Object.values(PageSectionSliceType);
