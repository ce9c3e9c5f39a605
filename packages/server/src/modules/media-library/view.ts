import type { Kysely, Selectable } from 'kysely';
import { humanFileSize } from '@tessera/core';
import type { Database } from '../../storage/schema.js';
import { kindOfType } from './kinds.js';
import { mediaDuration } from '@tessera/core';
import { LIBRARY_COLUMNS, postersOf, variantsOf } from './store.js';
import { embedFacts } from '../../media/embeds/facts.js';
import { contentNaming, usesByPath } from './uses.js';

type Row = { [K in (typeof LIBRARY_COLUMNS)[number]]: Selectable<Database['assets']>[K] };

/** An asset as the owner's API answers it (docs/owner-api.md "Media"). */
export interface MediaAsset {
  id: string;
  path: string;
  name: string;
  url: string;
  contentType: string;
  kind: string;
  size: number;
  sizeText: string;
  width: number | null;
  height: number | null;
  alt: string;
  title: string;
  focalPoint: { x: number; y: number } | null;
  created: number;
  processed: boolean;
  processingError: string | null;
  placeholder: string | null;
  variants: { width: number; height: number; format: string; size: number; url: string }[];
  useCount: number;
  /** A video's or audio file's length (null: not read, or not such a file), and as players show it. */
  durationMs: number | null;
  durationText: string | null;
  /** The library image shown before a video plays. */
  poster: { id: string; url: string } | null;
  /** An entry added from a link: its provider and player (null for a stored file). */
  embed: { providerName: string; url: string; src: string; author: string | null } | null;
}

function assetUrl(path: string, sha256: string): string {
  return `/${path.replace(/^\/+/, '')}?v=${sha256.slice(0, 12)}`;
}

/**
 * Assets by id with their variants and how many places use them: three queries for the rows, the
 * variants and the content that names them, whatever the number of assets (a page of the list).
 * `rows` are the assets' rows when the caller read them already.
 */
export async function describeAssets(db: Kysely<Database>, websiteId: string, ids: readonly string[], rows?: readonly Row[]): Promise<Map<string, MediaAsset>> {
  if (ids.length === 0) return new Map();
  const found =
    rows ??
    (await db
      .selectFrom('assets')
      .select(LIBRARY_COLUMNS)
      .where('website_id', '=', websiteId)
      .where('id', 'in', [...ids])
      .execute());
  const paths = found.map((r) => r.path);
  const posterIds = [...new Set(found.map((r) => r.poster_asset_id).filter((id): id is string => id !== null))];
  const [variants, content, posterRows] = await Promise.all([variantsOf(db, ids), contentNaming(db, websiteId, paths), postersOf(db, websiteId, posterIds)]);
  const uses = usesByPath(content, paths);
  const posters = new Map(posterRows.map((p) => [p.id, { id: p.id, url: assetUrl(p.path, p.sha256) }]));
  const out = new Map<string, MediaAsset>();
  for (const r of found) {
    const url = assetUrl(r.path, r.sha256);
    out.set(r.id, {
      id: r.id,
      path: r.path,
      name: r.display_name ?? r.path.split('/').pop() ?? r.path,
      url,
      contentType: r.content_type,
      kind: kindOfType(r.content_type),
      size: Number(r.size),
      sizeText: humanFileSize(Number(r.size)),
      width: r.width,
      height: r.height,
      alt: r.alt,
      title: r.title,
      focalPoint: r.focal_x === null || r.focal_y === null ? null : { x: Number(r.focal_x), y: Number(r.focal_y) },
      created: Number(r.created_on),
      processed: r.processed_on !== null,
      processingError: r.media_error,
      placeholder: r.placeholder,
      variants: variants
        .filter((v) => v.asset_id === r.id)
        .map((v) => ({ width: v.width, height: v.height, format: v.format, size: Number(v.size), url: `${url}&format=${v.width}w` })),
      useCount: uses.get(r.path)?.length ?? 0,
      durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
      durationText: r.duration_ms === null ? null : mediaDuration(Number(r.duration_ms)),
      poster: (r.poster_asset_id && posters.get(r.poster_asset_id)) || null,
      embed: libraryEmbed(r.embed),
    });
  }
  return out;
}

function libraryEmbed(stored: string | null): MediaAsset['embed'] {
  const facts = embedFacts(stored);
  return facts ? { providerName: facts.providerName, url: facts.url, src: facts.src, author: facts.author } : null;
}
