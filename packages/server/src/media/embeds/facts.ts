import { escapeHtmlAttr } from '@tessera/core/html';
import { isPlayerSrc, PROVIDERS, type Provider } from './providers.js';

/** Entries added from a link live under this folder of the site's assets, as `<title>.json` files of their facts. */
export const EMBED_FOLDER = 'assets/embeds';

/** What the library keeps of an entry added from a link (assets.embed, JSON): never the provider's html. */
export interface EmbedFacts {
  readonly provider: Provider['id'];
  readonly providerName: string;
  /** The link the owner pasted. */
  readonly url: string;
  /** The player address Tessera built and checked. */
  readonly src: string;
  readonly title: string;
  readonly author: string | null;
  readonly width: number | null;
  readonly height: number | null;
  /** The length the provider told, if it did (Vimeo): kept in the file too, so an export brings it back. */
  readonly durationMs?: number | null;
}

/** The kind of entry a provider's facts make (a video for YouTube and Vimeo, audio for SoundCloud and Spotify). */
export function embedKind(facts: EmbedFacts): 'video' | 'audio' {
  return PROVIDERS.find((p) => p.id === facts.provider)?.kind ?? 'video';
}

/** The facts a row keeps, or null for a stored file (or facts that no longer name one of the players). */
export function embedFacts(stored: string | null): EmbedFacts | null {
  if (!stored) return null;
  try {
    const facts = JSON.parse(stored) as EmbedFacts;
    return typeof facts.src === 'string' && isPlayerSrc(facts.src) && PROVIDERS.some((p) => p.id === facts.provider) ? facts : null;
  } catch {
    return null;
  }
}

/**
 * The player's iframe as pages embed it, built by Tessera from the checked player address: a title
 * for screen readers, loaded lazily, with the provider's `allow` list and full screen allowed.
 */
export function embedHtml(facts: EmbedFacts, title: string = facts.title): string {
  const provider = PROVIDERS.find((p) => p.id === facts.provider);
  if (!provider || !isPlayerSrc(facts.src)) return '';
  const tall = provider.kind === 'audio' ? ' height="166"' : '';
  return (
    `<iframe src="${escapeHtmlAttr(facts.src)}" title="${escapeHtmlAttr(title || provider.providerName)}" loading="lazy"` +
    ` allow="${escapeHtmlAttr(provider.allow)}" allowfullscreen${tall}></iframe>`
  );
}
