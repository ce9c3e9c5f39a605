import { mediaDuration } from '@tessera/core';
import { escapeHtmlAttr } from '@tessera/core/html';
import { embedFacts, embedHtml } from '../../../media/embeds/facts.js';
import type { SiteSnapshot } from '../snapshot.js';
import { assetUrl, imageContext } from './assets.js';

/** Tessera's own player for a stored file: the browser's controls, only its length fetched before play. */
function playerHtml(kind: 'video' | 'audio', url: string, contentType: string, poster: string | null): string {
  const source = `<source src="${escapeHtmlAttr(url)}" type="${escapeHtmlAttr(contentType)}">`;
  if (kind === 'audio') return `<audio controls preload="metadata">${source}</audio>`;
  const posterAttr = poster ? ` poster="${escapeHtmlAttr(poster)}"` : '';
  return `<video controls preload="metadata" playsinline${posterAttr}>${source}</video>`;
}

/**
 * The spec's video object ("Video: oembed (html, providerName), overlay, mainImageId") for an item
 * whose data names a video or audio file of the library, or an entry added from a link, by its path
 * (`"video": "assets/uploads/talk.webm"`). `oembed.html` is Tessera's own markup: a `<video>` or
 * `<audio>` of the stored file (providerName "Tessera"), or the player iframe Tessera built for the
 * provider, never the provider's html. With a poster, `overlay` is true, `mainImageId` is its id and
 * the poster's image fields (assetUrl, originalSize, colorData, systemDataVariants...) are beside
 * them, where the engine's `video` formatter reads them. Null for a path that is no such file.
 * An item may name a poster itself (`"videoPoster": "assets/..."`), used when the library links none.
 */
export function videoContext(s: SiteSnapshot, path: string, itemTitle: string, itemPoster: string | null = null) {
  const info = s.assets.get(path);
  if (!info) return null;
  const kind = info.contentType.startsWith('video/') ? 'video' : info.contentType.startsWith('audio/') ? 'audio' : null;
  if (!kind) return null;
  const facts = embedFacts(info.embed ?? null);
  const title = facts?.title ?? itemTitle;
  // The poster linked in the library; else the one the item names (`videoPoster`, site files have no links).
  const posterPath = info.posterPath ?? (itemPoster && s.assets.has(itemPoster) ? itemPoster : null);
  const poster = posterPath ? imageContext(s, posterPath, title) : null;
  const html = facts ? embedHtml(facts, title) : playerHtml(kind, assetUrl(s, path), info.contentType, poster?.assetUrl ?? null);
  if (!html) return null;
  const durationMs = info.durationMs ?? null;
  return {
    ...(poster ?? {}),
    oembed: { html, providerName: facts?.providerName ?? 'Tessera' },
    overlay: poster !== null,
    mainImageId: poster?.id ?? null,
    title,
    kind,
    embedded: facts !== null,
    // A stored audio file plays in place; everything else waits behind a facade until asked for.
    inline: facts === null && kind === 'audio',
    url: facts ? facts.url : assetUrl(s, path),
    durationMs,
    duration: durationMs === null ? null : mediaDuration(durationMs),
  };
}
