import type { EmbedFacts } from '../../../media/embeds/facts.js';
import { EmbedFailure } from './fetch.js';
import type { Provider } from '../../../media/embeds/providers.js';

/** What the library takes from a provider's oEmbed answer. */
export interface EmbedAnswer {
  readonly facts: EmbedFacts;
  readonly thumbnailUrl: string | null;
  readonly durationMs: number | null;
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null);
const whole = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n < 100_000 ? Math.round(n) : null;
};

/** The src of each iframe of the provider's html: the html itself is never kept nor served. */
function iframeSources(html: string): string[] {
  return [...html.matchAll(/<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&'));
}

/**
 * The facts of an oEmbed answer, checked: a Vimeo Basic account's video is refused with the spec's
 * message; the answer's html must hold one iframe, on one of the provider's player hosts, from which
 * Tessera builds its own player address; anything else (a script, another host, no iframe) is refused.
 */
export function readAnswer(provider: Provider, link: string, answer: Record<string, unknown>): EmbedAnswer {
  if (provider.id === 'vimeo' && answer.account_type === 'basic') throw new EmbedFailure('EMBED_VIMEO_BASIC', 'a Vimeo Basic account');
  const html = typeof answer.html === 'string' ? answer.html : '';
  const sources = iframeSources(html);
  if (sources.length !== 1 || /<script\b/i.test(html))
    throw new EmbedFailure('EMBED_REFUSED', `${provider.providerName}'s html holds ${sources.length} iframes`);
  let src: URL;
  try {
    src = new URL(sources[0]!, 'https://invalid.invalid');
  } catch {
    throw new EmbedFailure('EMBED_REFUSED', 'the iframe has no valid address');
  }
  if (src.protocol !== 'https:' || !provider.answerHosts.includes(src.hostname) || src.port !== '') {
    throw new EmbedFailure('EMBED_REFUSED', `the iframe is on ${src.hostname}, not one of ${provider.providerName}'s players`);
  }
  const player = provider.playerSrc(src);
  if (!player) throw new EmbedFailure('EMBED_REFUSED', `the iframe's address is not one of ${provider.providerName}'s players`);
  const seconds = typeof answer.duration === 'number' && answer.duration > 0 ? answer.duration : null;
  const durationMs = seconds === null ? null : Math.round(seconds * 1000);
  return {
    facts: {
      provider: provider.id,
      providerName: provider.providerName,
      url: link,
      src: player,
      title: text(answer.title, 200) ?? provider.providerName,
      author: text(answer.author_name, 200),
      width: whole(answer.width),
      height: whole(answer.height),
      durationMs,
    },
    thumbnailUrl: text(answer.thumbnail_url, 2000),
    durationMs,
  };
}
