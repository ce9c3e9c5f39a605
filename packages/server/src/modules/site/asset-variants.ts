import type { AssetInfo, AssetVariant } from './snapshot.js';

const FORMAT_TYPES: Readonly<Record<string, string>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** What the asset route sends for a request: the original or one variant. */
export interface Representation {
  readonly blobKey: string;
  readonly size: number;
  readonly contentType: string;
  readonly etag: string;
  /** The answer depends on the request's Accept header (a variant that has a WebP twin). */
  readonly variesByAccept: boolean;
}

/** `?format=300w` -> 300; `original`, absent or anything else -> undefined (the original). */
function requestedWidth(format: unknown): number | undefined {
  if (typeof format !== 'string') return undefined;
  const m = /^(\d{1,5})w$/.exec(format);
  return m ? Number(m[1]) : undefined;
}

/** Whether an Accept header takes WebP (an explicit `image/webp`, not refused with q=0). */
function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().split(';');
    if (type?.trim().toLowerCase() !== 'image/webp') return false;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    return !q || Number(q[1]) > 0;
  });
}

const original = (info: AssetInfo): Representation => ({
  blobKey: info.blobKey,
  size: info.size,
  contentType: info.contentType,
  etag: `"${info.sha256.slice(0, 32)}"`,
  variesByAccept: false,
});

/**
 * The answer to `?format=<w>w`: the variant of that width, or the next wider one when the image has
 * no variant of exactly that width; the original when no variant is as wide (or for `original` and
 * no format at all). Of the chosen width, WebP when the browser accepts it and the image is not
 * WebP already, else the image's own format.
 */
export function chooseRepresentation(info: AssetInfo, format: unknown, accept: string | undefined): Representation {
  const wanted = requestedWidth(format);
  if (wanted === undefined || info.variants.length === 0) return original(info);
  const width = info.variants.find((v) => v.width >= wanted)?.width;
  if (width === undefined) return original(info);
  const ofWidth = info.variants.filter((v) => v.width === width);
  const webp = ofWidth.find((v) => v.format === 'webp');
  const own = ofWidth.find((v) => v.format !== 'webp');
  const chosen: AssetVariant = (acceptsWebp(accept) && webp) || own || webp!;
  return {
    blobKey: chosen.blobKey,
    size: chosen.size,
    contentType: FORMAT_TYPES[chosen.format] ?? 'application/octet-stream',
    etag: `"${info.sha256.slice(0, 32)}-${chosen.width}w.${chosen.format}"`,
    variesByAccept: Boolean(webp && own),
  };
}
