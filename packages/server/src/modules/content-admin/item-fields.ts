import { EDITOR_VALIDATION_MESSAGES, checkContentLimits, fillMessage, isTimeZone } from '@tessera/core';

/** Where an event happens: the spec's location fields, as the site directory writes them. */
interface EventLocation {
  readonly addressTitle: string;
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly addressCountry: string;
  readonly mapLat: number | null;
  readonly mapLng: number | null;
}

/** What a blog post (and an event) has besides its title, excerpt and body of blocks. */
interface PostFields {
  readonly mainImage: { readonly asset: string | null; readonly alt: string };
  readonly tags: readonly string[];
  readonly categories: readonly string[];
  /** A staff account by id, shown by its name; an imported item's author is a name alone (id null). */
  readonly author: { readonly id: string | null; readonly name: string } | null;
  readonly commentsOn: boolean;
}

/** What an event adds: when (epoch ms, shown in its own zone) and where. */
interface EventFields {
  readonly startDate: number | null;
  readonly endDate: number | null;
  readonly timeZone: string;
  readonly location: EventLocation;
}

export type ItemFields = Partial<PostFields & EventFields>;

/** How many tags (and categories) one post holds: enough for any real post, never unbounded. */
const MAX_TERMS = 50;

const FIELD_NAMES = ['mainImage', 'tags', 'categories', 'author', 'commentsOn', 'startDate', 'endDate', 'timeZone', 'location'];
const EMPTY_LOCATION: EventLocation = { addressTitle: '', addressLine1: '', addressLine2: '', addressCountry: '', mapLat: null, mapLng: null };
const ASSET_PATH = /^assets\/[^\s]{1,990}$/;

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Epoch ms of an ISO date with its offset, or of a number of ms; null when empty, NaN when unreadable. */
function instant(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : Number.NaN;
  if (typeof v !== 'string') return Number.NaN;
  if (/^\d+$/.test(v)) return Number(v);
  // A date without its offset would be read in the server's own zone: refused.
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(v.trim())) return Number.NaN;
  return Date.parse(v);
}

/**
 * Tags or categories as typed: trimmed, empty ones dropped; the first one too long or repeated
 * (without case) is the field's message, from the spec's limits and its "This {tagType} already exists".
 */
function checkTerms(values: readonly string[], tagType: 'tag' | 'category', field: string, errors: Record<string, string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const value of values.map((v) => v.trim()).filter(Boolean)) {
    const tooLong = checkContentLimits(tagType === 'tag' ? { tags: [value] } : { categories: [value] })[0];
    const key = value.toLowerCase();
    if (tooLong) errors[field] ??= tooLong;
    else if (seen.has(key)) errors[field] ??= fillMessage(EDITOR_VALIDATION_MESSAGES.tagExists, { tagType });
    seen.add(key);
    out.push(value);
  }
  const limit = tagType === 'tag' ? 'tags' : 'categories';
  if (out.length > MAX_TERMS) errors[field] ??= `A post holds at most ${MAX_TERMS} ${limit}; this one has ${out.length}.`;
  return out;
}

function checkLocation(raw: unknown, errors: Record<string, string>): EventLocation {
  if (!isObject(raw)) return EMPTY_LOCATION;
  const text = (key: keyof EventLocation) => str(raw[key]).trim().slice(0, 200);
  const coordinate = (key: 'mapLat' | 'mapLng', limit: number, what: string) => {
    const v = raw[key];
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n) || Math.abs(n) > limit) {
      errors[`location.${key}`] ??= `Enter a ${what} between -${limit} and ${limit}.`;
      return null;
    }
    return n;
  };
  return {
    addressTitle: text('addressTitle'),
    addressLine1: text('addressLine1'),
    addressLine2: text('addressLine2'),
    addressCountry: text('addressCountry'),
    mapLat: coordinate('mapLat', 90, 'latitude'),
    mapLng: coordinate('mapLng', 180, 'longitude'),
  };
}

/**
 * The post's or event's own fields as the editor sends them, checked: each refused value adds its
 * message to `errors` at its field. A page has none (its document stays title, excerpt, sections).
 */
export function checkItemFields(kind: string, input: Raw, siteZone: string, errors: Record<string, string>): ItemFields {
  if (kind !== 'post' && kind !== 'event') return {};
  // A document written without them (an older draft, a client that edits the body alone) leaves
  // the item's fields as they are, rather than emptying them.
  if (!FIELD_NAMES.some((key) => Object.hasOwn(input, key))) return {};
  const image = isObject(input.mainImage) ? input.mainImage : {};
  const asset = str(image.asset).trim();
  if (asset !== '' && !ASSET_PATH.test(asset)) errors['mainImage.asset'] = 'Choose an image of the media library.';
  const author = isObject(input.author) ? input.author : null;
  const post: PostFields = {
    mainImage: { asset: asset === '' ? null : asset, alt: str(image.alt).trim().slice(0, 500) },
    tags: checkTerms(strings(input.tags), 'tag', 'tags', errors),
    categories: checkTerms(strings(input.categories), 'category', 'categories', errors),
    author: author ? { id: typeof author.id === 'string' && author.id !== '' ? author.id : null, name: str(author.name).trim().slice(0, 200) } : null,
    commentsOn: input.commentsOn === true,
  };
  if (kind === 'post') return post;
  const startDate = instant(input.startDate);
  const endDate = instant(input.endDate);
  const dateMessage = 'Enter a date and time, such as 2026-05-01T09:00:00-04:00.';
  if (Number.isNaN(startDate)) errors.startDate = dateMessage;
  if (Number.isNaN(endDate)) errors.endDate = dateMessage;
  else if (startDate !== null && endDate !== null && endDate < startDate) errors.endDate = 'The event cannot end before it starts.';
  const zone = typeof input.timeZone === 'string' && input.timeZone !== '' ? input.timeZone : siteZone;
  if (!isTimeZone(zone)) errors.timeZone = `"${zone.slice(0, 60)}" is not a time zone; choose one such as America/New_York.`;
  return { ...post, startDate, endDate, timeZone: zone, location: checkLocation(input.location, errors) };
}

/** The fields as an item's `data` holds them (written by a publish or by the site directory). */
export function itemFieldsOfData(
  kind: string,
  data: Raw,
  columns: { start_date: number | string | null; end_date: number | string | null },
  siteZone: string,
): ItemFields {
  if (kind !== 'post' && kind !== 'event') return {};
  const authorId = str(data.authorId);
  const authorName = str(data.author);
  const post: PostFields = {
    mainImage: { asset: str(data.mainImage) || null, alt: str(data.mainImageAlt) },
    tags: strings(data.tags),
    categories: strings(data.categories),
    author: authorId || authorName ? { id: authorId || null, name: authorName } : null,
    commentsOn: data.commentState === 1,
  };
  if (kind === 'post') return post;
  const loc = isObject(data.location) ? data.location : {};
  return {
    ...post,
    startDate: columns.start_date === null ? null : Number(columns.start_date),
    endDate: columns.end_date === null ? null : Number(columns.end_date),
    timeZone: str(data.timeZone) || siteZone,
    location: {
      addressTitle: str(loc.addressTitle),
      addressLine1: str(loc.addressLine1),
      addressLine2: str(loc.addressLine2),
      addressCountry: str(loc.addressCountry),
      mapLat: num(loc.mapLat),
      mapLng: num(loc.mapLng),
    },
  };
}

/**
 * The item's `data` and date columns once the fields are published, under the names the site
 * directory writes and the theme reads (mainImage, mainImageAlt, tags, categories, author as a
 * name, location, commentState 1 or 0; an event's timeZone), keeping every other key as it was.
 */
export function withItemFields(data: Raw, fields: ItemFields): { data: Raw; startDate?: number | null; endDate?: number | null } {
  if (fields.tags === undefined) return { data };
  const out: Raw = { ...data };
  const set = (key: string, value: unknown, keep: boolean) => {
    if (keep) out[key] = value;
    else delete out[key];
  };
  set('mainImage', fields.mainImage?.asset, Boolean(fields.mainImage?.asset));
  set('mainImageAlt', fields.mainImage?.alt, Boolean(fields.mainImage?.asset && fields.mainImage.alt));
  out.tags = fields.tags;
  out.categories = fields.categories;
  set('author', fields.author?.name, Boolean(fields.author?.name));
  set('authorId', fields.author?.id, Boolean(fields.author?.id));
  out.commentState = fields.commentsOn ? 1 : 0;
  if (fields.timeZone === undefined) return { data: out };
  out.timeZone = fields.timeZone;
  const loc = fields.location ?? EMPTY_LOCATION;
  const hasPlace = Object.values(loc).some((v) => v !== '' && v !== null);
  set('location', Object.fromEntries(Object.entries(loc).filter(([, v]) => v !== '' && v !== null)), hasPlace);
  return { data: out, startDate: fields.startDate ?? null, endDate: fields.endDate ?? null };
}

/** The item as visitors would get it with these fields published: what the preview renders. */
export function previewRow<R extends { data: string; start_date: number | string | null; end_date: number | string | null }>(row: R, fields: ItemFields): R {
  const out = withItemFields(JSON.parse(row.data) as Raw, fields);
  const dates = out.startDate === undefined ? {} : { start_date: out.startDate, end_date: out.endDate ?? null };
  return { ...row, data: JSON.stringify(out.data), ...dates };
}
