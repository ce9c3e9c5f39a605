import { CONTENT_LIMITS, checkContentLimits } from '../constants/content-limits.js';
import { EDITOR_VALIDATION_MESSAGES, fillMessage } from '../validation/messages.js';
import {
  BLOCK_KINDS,
  type BlockKind,
  type BlockSettings,
  CHART_MAX_ROWS,
  isBlockKind,
  type Layout,
  type LayoutBlock,
  type LayoutSection,
  MAX_SECTIONS,
  type Responsive,
  SECTION_WIDTHS,
  SLICE_TYPES,
  SPACINGS,
  type Visibility,
} from './model.js';

/** A problem of a layout, at a path such as `sections[0].blocks[2].settings.link`. */
export interface LayoutProblem {
  readonly path: string;
  readonly message: string;
  /** An error refuses the layout; a warning says what was changed to keep it (a chart cut to its rows). */
  readonly level: 'error' | 'warning';
}

export const LAYOUT_MESSAGES = Object.freeze({
  datasetTruncated: 'Your dataset has been truncated to {maxRows} rows',
  codeEditingAndroid: 'Code editing is not available on Android.',
  notObject: 'Expected an object.',
  notList: 'Expected a list.',
  unknownKind: '{val} is not a kind of block.',
  duplicateId: 'Two parts of the page have the id {val}.',
  tooManySections: `A page holds at most ${MAX_SECTIONS} sections.`,
});

/** `Links must be formatted as {host} or {host}`, with an address and a page of the site as the two examples. */
export function linksMessage(): string {
  let n = 0;
  return EDITOR_VALIDATION_MESSAGES.linksMustBeFormatted.replace(/\{host\}/g, () => (n++ === 0 ? 'https://example.com' : '/about'));
}

const LINK = /^(?:https?:\/\/[^\s/?#]+\.[^\s]+|https?:\/\/localhost(?::\d+)?(?:[/?#]\S*)?|\/[^\s]*|#[\w-]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s().-]{3,})$/i;

/** Whether a link is one a visitor can follow: an http(s) address, a path of the site, an anchor, mailto: or tel:. */
export function isValidLink(link: string): boolean {
  return LINK.test(link.trim());
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Reader {
  readonly problems: LayoutProblem[] = [];
  error(path: string, message: string): void {
    this.problems.push({ path, message, level: 'error' });
  }
  warn(path: string, message: string): void {
    this.problems.push({ path, message, level: 'warning' });
  }
  str(o: Obj, key: string, path: string, fallback = '', max = 100_000): string {
    const v = o[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string') {
      this.error(`${path}.${key}`, 'Expected text.');
      return fallback;
    }
    if (v.length > max) this.error(`${path}.${key}`, `At most ${max} characters.`);
    return v;
  }
  bool(o: Obj, key: string, path: string, fallback: boolean): boolean {
    const v = o[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'boolean') {
      this.error(`${path}.${key}`, 'Expected true or false.');
      return fallback;
    }
    return v;
  }
  int(o: Obj, key: string, path: string, fallback: number, min: number, max: number): number {
    const v = o[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.error(`${path}.${key}`, `Expected a whole number from ${min} to ${max}.`);
      return fallback;
    }
    return v;
  }
  choice<T extends string>(o: Obj, key: string, path: string, values: readonly T[], fallback: T): T {
    const v = o[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string' || !values.includes(v as T)) {
      this.error(`${path}.${key}`, fillMessage(EDITOR_VALIDATION_MESSAGES.notExpectedOption, { val: String(v) }));
      return fallback;
    }
    return v as T;
  }
  link(o: Obj, key: string, path: string): string {
    const v = this.str(o, key, path, '', 2000).trim();
    if (v !== '' && !isValidLink(v)) this.error(`${path}.${key}`, linksMessage());
    return v;
  }
  list(o: Obj, key: string, path: string): unknown[] {
    const v = o[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      this.error(`${path}.${key}`, LAYOUT_MESSAGES.notList);
      return [];
    }
    return v;
  }
  /** An entry of a list that must be an object (an empty one when it is not, with the error). */
  entry(raw: unknown, path: string): Obj {
    if (isObj(raw)) return raw;
    this.error(path, LAYOUT_MESSAGES.notObject);
    return {};
  }
  obj(o: Obj, key: string, path: string): Obj {
    const v = o[key];
    if (v === undefined || v === null) return {};
    if (!isObj(v)) {
      this.error(`${path}.${key}`, LAYOUT_MESSAGES.notObject);
      return {};
    }
    return v;
  }
  responsive<T>(o: Obj, key: string, path: string, read: (holder: Obj, k: string, p: string) => T): Responsive<T> {
    const v = o[key];
    // A plain value is the same on every screen.
    if (!isObj(v)) return { desktop: read(o, key, path) };
    const desktop = read(v, 'desktop', `${path}.${key}`);
    return v.mobile === undefined || v.mobile === null ? { desktop } : { desktop, mobile: read(v, 'mobile', `${path}.${key}`) };
  }
  hidden(o: Obj, path: string): Visibility {
    const h = this.obj(o, 'hidden', path);
    return { mobile: this.bool(h, 'mobile', `${path}.hidden`, false), desktop: this.bool(h, 'desktop', `${path}.hidden`, false) };
  }
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A fresh id for a section or a block (unique enough within one page: 48 random bits). */
export function layoutId(prefix: 's' | 'b'): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function readSettings(r: Reader, kind: BlockKind, s: Obj, p: string): BlockSettings[BlockKind] {
  switch (kind) {
    case 'text':
      return { html: r.str(s, 'html', p) };
    case 'image':
      return {
        image: r.str(s, 'image', p, '', 1000),
        alt: r.str(s, 'alt', p, '', 1000),
        title: r.str(s, 'title', p, '', 500),
        caption: r.str(s, 'caption', p, '', 5000),
        link: r.link(s, 'link', p),
        buttonLabel: r.str(s, 'buttonLabel', p, '', 200),
      };
    case 'gallery':
      return {
        images: r.list(s, 'images', p).map((raw, i) => {
          const ip = `${p}.images[${i}]`;
          const img = r.entry(raw, ip);
          return {
            image: r.str(img, 'image', ip, '', 1000),
            alt: r.str(img, 'alt', ip, '', 1000),
            title: r.str(img, 'title', ip, '', 500),
            caption: r.str(img, 'caption', ip, '', 5000),
          };
        }),
        options: r.obj(s, 'options', p),
      };
    case 'button':
      return {
        label: r.str(s, 'label', p, 'Learn more', 200),
        link: r.link(s, 'link', p),
        style: r.choice(s, 'style', p, ['primary', 'secondary', 'tertiary'] as const, 'primary'),
        size: r.choice(s, 'size', p, ['small', 'medium', 'large'] as const, 'medium'),
        align: r.choice(s, 'align', p, ['left', 'center', 'right'] as const, 'left'),
        newWindow: r.bool(s, 'newWindow', p, false),
      };
    case 'product':
      return { product: r.str(s, 'product', p, '', 300), showImage: r.bool(s, 'showImage', p, true), showExcerpt: r.bool(s, 'showExcerpt', p, true) };
    case 'summary':
      return {
        collection: r.str(s, 'collection', p, '', 200),
        title: r.str(s, 'title', p, '', 200),
        limit: r.int(s, 'limit', p, 3, 1, 30),
        columns: r.int(s, 'columns', p, 3, 1, 6),
        showImage: r.bool(s, 'showImage', p, true),
        showTitle: r.bool(s, 'showTitle', p, true),
        showExcerpt: r.bool(s, 'showExcerpt', p, false),
        showPrice: r.bool(s, 'showPrice', p, true),
        showDate: r.bool(s, 'showDate', p, true),
        tag: r.str(s, 'tag', p, '', 50),
        category: r.str(s, 'category', p, '', 25),
      };
    case 'form':
      return { form: r.str(s, 'form', p, '', 200), title: r.str(s, 'title', p, '', 200) };
    case 'newsletter':
      return { form: r.str(s, 'form', p, 'newsletter', 200), title: r.str(s, 'title', p, '', 200), description: r.str(s, 'description', p, '', 2000) };
    case 'accordion':
      return {
        items: r.list(s, 'items', p).map((raw, i) => {
          const ip = `${p}.items[${i}]`;
          const item = r.entry(raw, ip);
          return { title: r.str(item, 'title', ip, '', 500), html: r.str(item, 'html', ip) };
        }),
        openFirst: r.bool(s, 'openFirst', p, false),
        allowMultiple: r.bool(s, 'allowMultiple', p, true),
      };
    case 'map': {
      const a = r.obj(s, 'address', p);
      const ap = `${p}.address`;
      const coordinate = (key: 'mapLat' | 'mapLng', limit: number) => {
        const v = a[key];
        if (v === undefined || v === null || v === '') return undefined;
        if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > limit) {
          r.error(`${ap}.${key}`, `Expected a number from -${limit} to ${limit}.`);
          return undefined;
        }
        return v;
      };
      const lat = coordinate('mapLat', 90);
      const lng = coordinate('mapLng', 180);
      return {
        address: {
          addressTitle: r.str(a, 'addressTitle', ap, '', 200),
          addressLine1: r.str(a, 'addressLine1', ap, '', 200),
          addressLine2: r.str(a, 'addressLine2', ap, '', 200),
          addressCountry: r.str(a, 'addressCountry', ap, '', 100),
          ...(lat !== undefined && lng !== undefined ? { mapLat: lat, mapLng: lng } : {}),
        },
        zoom: r.int(s, 'zoom', p, 14, 1, 19),
      };
    }
    case 'video':
      return { video: r.str(s, 'video', p, '', 1000), caption: r.str(s, 'caption', p, '', 2000) };
    case 'audio':
      return { audio: r.str(s, 'audio', p, '', 1000), title: r.str(s, 'title', p, '', 200), author: r.str(s, 'author', p, '', 200) };
    case 'code':
      return { html: r.str(s, 'html', p, '', 50_000) };
    case 'quote':
      return { text: r.str(s, 'text', p, '', 5000), source: r.str(s, 'source', p, '', 200) };
    case 'spacer':
      return { height: r.responsive(s, 'height', p, (o, k, pp) => r.int(o, k, pp, 48, 0, 400)) };
    case 'line':
      return {};
    case 'social':
      return {
        links: r.list(s, 'links', p).map((raw, i) => {
          const link = typeof raw === 'string' ? raw.trim() : '';
          if (!isValidLink(link) || !/^https?:/i.test(link)) r.error(`${p}.links[${i}]`, linksMessage());
          return link;
        }),
        style: r.choice(s, 'style', p, ['icons', 'text'] as const, 'icons'),
      };
    case 'chart': {
      const columns = r.list(s, 'columns', p).map((c) => (typeof c === 'string' ? c : String(c ?? '')));
      let rows = r
        .list(s, 'rows', p)
        .map((row) => (Array.isArray(row) ? row.map((c) => (typeof c === 'string' ? c : c === null || c === undefined ? '' : String(c))) : []));
      if (columns.length === 0) r.error(`${p}.columns`, EDITOR_VALIDATION_MESSAGES.datasetNeedsColumn);
      if (rows.length === 0) r.error(`${p}.rows`, EDITOR_VALIDATION_MESSAGES.datasetNeedsRow);
      if (rows.length > CHART_MAX_ROWS) {
        rows = rows.slice(0, CHART_MAX_ROWS);
        r.warn(`${p}.rows`, fillMessage(LAYOUT_MESSAGES.datasetTruncated, { maxRows: CHART_MAX_ROWS }));
      }
      // The first column names each row; every other cell is a number.
      if (
        columns.length > 0 &&
        rows.some((row) => row.length < columns.length || row.some((cell, i) => cell.trim() === '' || (i > 0 && !Number.isFinite(Number(cell)))))
      )
        r.error(`${p}.rows`, EDITOR_VALIDATION_MESSAGES.rowsMissingData);
      return { title: r.str(s, 'title', p, '', 200), columns, rows, showLegend: r.bool(s, 'showLegend', p, true) };
    }
  }
}

function readBlock(r: Reader, raw: unknown, p: string, columns: number, ids: Set<string>): LayoutBlock | null {
  if (!isObj(raw)) {
    r.error(p, LAYOUT_MESSAGES.notObject);
    return null;
  }
  if (!isBlockKind(raw.kind)) {
    r.error(`${p}.kind`, fillMessage(LAYOUT_MESSAGES.unknownKind, { val: String(raw.kind) }));
    return null;
  }
  const kind = raw.kind;
  const id = readId(r, raw, p, 'b', ids);
  const variants = BLOCK_KINDS[kind].variants;
  let variant: number | undefined;
  if (variants) {
    variant = variants[0];
    if (raw.variant !== undefined && raw.variant !== null) {
      if (variants.includes(raw.variant as never)) variant = raw.variant as number;
      else r.error(`${p}.variant`, fillMessage(EDITOR_VALIDATION_MESSAGES.notExpectedOption, { val: String(raw.variant) }));
    }
  }
  // One column by default: blocks added to a section of several columns sit side by side.
  const span = r.int(raw, 'span', p, 1, 1, 4);
  const settings = readSettings(r, kind, r.obj(raw, 'settings', p), `${p}.settings`);
  return {
    id,
    kind,
    ...(variant !== undefined ? { variant: variant as LayoutBlock['variant'] } : {}),
    span: Math.min(span, columns),
    hidden: r.hidden(raw, p),
    settings,
  } as LayoutBlock;
}

function readId(r: Reader, raw: Obj, p: string, prefix: 's' | 'b', ids: Set<string>): string {
  let id = raw.id;
  if (id === undefined || id === null || id === '') id = layoutId(prefix);
  if (typeof id !== 'string' || !ID.test(id)) {
    r.error(`${p}.id`, 'Expected letters, digits, - or _ (at most 64).');
    return layoutId(prefix);
  }
  if (ids.has(id)) r.error(`${p}.id`, fillMessage(LAYOUT_MESSAGES.duplicateId, { val: id }));
  ids.add(id);
  return id;
}

function readSection(r: Reader, raw: unknown, p: string, ids: Set<string>): LayoutSection | null {
  if (!isObj(raw)) {
    r.error(p, LAYOUT_MESSAGES.notObject);
    return null;
  }
  const id = readId(r, raw, p, 's', ids);
  const slice = raw.slice === undefined || raw.slice === null ? undefined : r.choice(raw, 'slice', p, SLICE_TYPES, SLICE_TYPES[0]!);
  const theme = r.str(raw, 'theme', p, 'default', 40) || 'default';
  if (!/^[a-z0-9-]{1,40}$/.test(theme)) r.error(`${p}.theme`, fillMessage(EDITOR_VALIDATION_MESSAGES.notExpectedOption, { val: theme }));
  const width = r.choice(raw, 'width', p, SECTION_WIDTHS, 'wide');
  const columns = r.int(raw, 'columns', p, 1, 1, 4);
  const spacing = r.obj(raw, 'spacing', p);
  const sp = `${p}.spacing`;
  const space = (o: Obj, k: string, pp: string) => r.choice(o, k, pp, SPACINGS, 'medium');
  const blocks = r
    .list(raw, 'blocks', p)
    .map((b, i) => readBlock(r, b, `${p}.blocks[${i}]`, columns, ids))
    .filter((b): b is LayoutBlock => b !== null);
  return {
    id,
    ...(slice ? { slice: slice as LayoutSection['slice'] } : {}),
    theme,
    width,
    columns,
    spacing: { top: r.responsive(spacing, 'top', sp, space), bottom: r.responsive(spacing, 'bottom', sp, space) },
    hidden: r.hidden(raw, p),
    blocks,
  };
}

/**
 * Reads a layout as the store, a site directory or the editor sends it: fills what is left out
 * with its default, and lists every problem with its path. With any error the layout must not be
 * saved; warnings say what was changed (a chart cut to its last row).
 */
export function readLayout(input: unknown): { layout: Layout; problems: LayoutProblem[] } {
  const r = new Reader();
  const ids = new Set<string>();
  let sections: LayoutSection[] = [];
  if (Array.isArray(input) || isObj(input)) {
    const list = Array.isArray(input) ? input : r.list(input, 'sections', '');
    sections = list.map((s, i) => readSection(r, s, `sections[${i}]`, ids)).filter((s): s is LayoutSection => s !== null);
    if (list.length > MAX_SECTIONS) r.error('sections', LAYOUT_MESSAGES.tooManySections);
  } else if (input !== undefined && input !== null) {
    r.error('sections', LAYOUT_MESSAGES.notList);
  }
  const blocks = countBlocks({ sections });
  for (const message of checkContentLimits({ blocksPerLayout: blocks })) r.error('sections', message);
  return { layout: { sections }, problems: r.problems.map((pr) => ({ ...pr, path: pr.path.replace(/^\./, '') })) };
}

/** Blocks in a layout, the count the spec's limit of 60 per layout applies to. */
export function countBlocks(layout: Layout): number {
  return layout.sections.reduce((n, s) => n + s.blocks.length, 0);
}

export const MAX_BLOCKS_PER_LAYOUT = CONTENT_LIMITS.blocksPerLayout;

/** A block of a kind with its default settings (and variant), ready for the editor to add. */
export function newBlock<K extends BlockKind>(kind: K, columns = 1): LayoutBlock<K> {
  const { layout } = readLayout({ sections: [{ id: 's-new', columns, blocks: [{ kind }] }] });
  return layout.sections[0]!.blocks[0] as LayoutBlock<K>;
}

/** An empty section with the defaults. */
export function newSection(columns = 1): LayoutSection {
  return readLayout({ sections: [{ columns }] }).layout.sections[0]!;
}
