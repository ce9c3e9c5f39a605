/**
 * Gallery block options (platform.md section 3 "Gallery options and defaults"), keyed by the
 * option names of the block data.
 */
type OptionSpec =
  | { readonly kind: 'boolean'; readonly default: boolean }
  | { readonly kind: 'number'; readonly default: number; readonly min: number; readonly max: number; readonly integer: boolean }
  | { readonly kind: 'choice'; readonly default: string; readonly values: readonly string[]; readonly aliases?: Readonly<Record<string, string>> };

const bool = (d: boolean) => ({ kind: 'boolean', default: d }) as const;
const int = (d: number, min: number, max: number) => ({ kind: 'number', default: d, min, max, integer: true }) as const;

export const GALLERY_OPTION_SPECS = Object.freeze({
  // "slider (as carousel)": the slider design is the one called carousel, so both names are read.
  design: { kind: 'choice', default: 'grid', values: ['grid', 'slideshow', 'slider', 'stacked'], aliases: { carousel: 'slider' } },
  autoplay: bool(false),
  'autoplay-duration': { kind: 'number', default: 5, min: 1, max: 10, integer: false },
  controls: bool(false),
  'auto-crop': bool(true),
  'aspect-ratio': {
    kind: 'choice',
    default: 'square',
    values: ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen'],
  },
  'square-thumbs': bool(true),
  thumbnails: bool(false),
  'thumbnail-strip-height': int(80, 0, 200),
  'thumbnail-strip-margin': int(20, 0, 60),
  'show-meta-basic': bool(true),
  'show-meta': bool(true),
  'show-meta-only-title': bool(false),
  'meta-position': { kind: 'choice', default: 'bottom', values: ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] },
  'show-meta-on-hover': bool(false),
  'active-alignment': { kind: 'choice', default: 'center', values: ['left', 'center', 'right'] },
  'thumbnails-per-row': int(4, 1, 10),
  padding: int(20, 0, 50),
  lightbox: bool(false),
  lightboxTheme: { kind: 'choice', default: 'dark', values: ['dark', 'light'] },
  'max-width': int(300, 100, 300),
  newWindow: bool(false),
  transparentBackground: bool(false),
} as const satisfies Record<string, OptionSpec>);

type Specs = typeof GALLERY_OPTION_SPECS;
type ValueOf<S> = S extends { kind: 'boolean' } ? boolean : S extends { kind: 'number' } ? number : S extends { values: readonly (infer V)[] } ? V : never;

export type GalleryOptions = { readonly [K in keyof Specs]: ValueOf<Specs[K]> };
export type GalleryOptionName = keyof Specs;

export interface GalleryOptionProblem {
  readonly option: GalleryOptionName;
  readonly value: unknown;
  readonly message: string;
}

export const DEFAULT_GALLERY_OPTIONS: GalleryOptions = Object.freeze(
  Object.fromEntries(Object.entries(GALLERY_OPTION_SPECS).map(([k, s]) => [k, s.default])) as unknown as GalleryOptions,
);

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function readOption(spec: OptionSpec, value: unknown): { ok: true; value: boolean | number | string } | { ok: false; why: string } {
  switch (spec.kind) {
    case 'boolean':
      if (value === true || value === 'true') return { ok: true, value: true };
      if (value === false || value === 'false') return { ok: true, value: false };
      return { ok: false, why: 'must be true or false' };
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      const range = `between ${spec.min} and ${spec.max}`;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { ok: false, why: `must be a number ${range}` };
      if (spec.integer && !Number.isInteger(n)) return { ok: false, why: `must be a whole number ${range}` };
      if (n < spec.min || n > spec.max) return { ok: false, why: `must be ${range}` };
      return { ok: true, value: n };
    }
    case 'choice': {
      const text = typeof value === 'string' ? value.trim() : undefined;
      const resolved = text !== undefined ? (spec.aliases?.[text] ?? text) : undefined;
      if (resolved !== undefined && spec.values.includes(resolved)) return { ok: true, value: resolved };
      return { ok: false, why: `must be one of ${spec.values.join(', ')}` };
    }
  }
}

/**
 * Reads a block's gallery options into typed values. A missing option takes its default; a
 * value that is out of range, of the wrong kind or unknown also takes the default and is
 * reported in `problems`. Options that are not in the table are ignored.
 */
export function parseGalleryOptions(raw: unknown): { options: GalleryOptions; problems: GalleryOptionProblem[] } {
  const input = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const options: Record<string, boolean | number | string> = { ...DEFAULT_GALLERY_OPTIONS };
  const problems: GalleryOptionProblem[] = [];
  for (const [name, spec] of Object.entries(GALLERY_OPTION_SPECS) as [GalleryOptionName, OptionSpec][]) {
    if (!Object.hasOwn(input, name)) continue;
    const value = input[name];
    if (value === undefined || value === null) continue;
    const read = readOption(spec, value);
    if (read.ok) {
      options[name] = read.value;
    } else {
      problems.push({
        option: name,
        value,
        message: `Gallery option "${name}" ${read.why}; got ${show(value)}, using the default ${show(spec.default)}.`,
      });
    }
  }
  return { options: Object.freeze(options) as unknown as GalleryOptions, problems };
}
