import type { Provider } from '../../../media/embeds/providers.js';

/** How long a provider has to answer, and how much of its answer is read. */
const OEMBED_TIMEOUT_MS = 8_000;
const OEMBED_MAX_BYTES = 64 * 1024;
const THUMBNAIL_TIMEOUT_MS = 10_000;
/** A provider's thumbnail is a JPEG of a few hundred kilobytes at most; the image kind's own limit applies too. */
const THUMBNAIL_MAX_BYTES = 5_000_000;

/** Why a provider's answer could not be used: the error codes of the registry. */
export class EmbedFailure extends Error {
  constructor(
    readonly code: 'EMBED_NOT_FOUND' | 'EMBED_UNAVAILABLE' | 'EMBED_REFUSED' | 'EMBED_VIMEO_BASIC',
    reason: string,
  ) {
    super(reason);
    this.name = 'EmbedFailure';
  }
}

/** Where requests for a provider go: its own origin, or the one origin configured for tests (TESSERA_OEMBED_API). */
export interface ProviderOrigins {
  readonly override: string;
  /** How long a provider has to answer (OEMBED_TIMEOUT_MS unless the app's options say otherwise). */
  readonly timeoutMs?: number;
}

/** The oEmbed request for a link: the provider's documented endpoint, the link in `url`, JSON asked for. */
function oembedRequest(provider: Provider, link: string, origins: ProviderOrigins): URL {
  const url = new URL(provider.path, origins.override || provider.origin);
  url.searchParams.set('url', link);
  if (provider.id === 'youtube' || provider.id === 'soundcloud') url.searchParams.set('format', 'json');
  return url;
}

/** Whether a thumbnail's address is on one of the provider's thumbnail hosts (or the test origin). */
export function thumbnailAllowed(provider: Provider, address: string, origins: ProviderOrigins): URL | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (origins.override) return url.origin === new URL(origins.override).origin ? url : null;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return null;
  const host = url.hostname;
  return provider.thumbnailHosts.some((h) => (h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h)) ? url : null;
}

/** The body of an answer, at most `max` bytes: a larger one fails rather than being read on. */
async function limitedBody(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > max) throw new Error(`the answer is larger than ${max} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new Error(`the answer is larger than ${max} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, size);
}

/** A GET with a deadline; redirects are not followed (a provider's endpoint answers where it is asked). */
async function get(url: URL, timeoutMs: number, max: number): Promise<{ status: number; body: Buffer; type: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, { signal, redirect: 'error', headers: { accept: 'application/json, image/*' } });
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, body: Buffer.alloc(0), type: '' };
  }
  return { status: 200, body: await limitedBody(response, max), type: response.headers.get('content-type') ?? '' };
}

/** The provider's oEmbed answer for a link, as JSON; its 401, 403 and 404 say the video is private or gone. */
export async function fetchOembed(provider: Provider, link: string, origins: ProviderOrigins): Promise<Record<string, unknown>> {
  let answer: Awaited<ReturnType<typeof get>>;
  try {
    answer = await get(oembedRequest(provider, link, origins), origins.timeoutMs ?? OEMBED_TIMEOUT_MS, OEMBED_MAX_BYTES);
  } catch (error) {
    throw new EmbedFailure('EMBED_UNAVAILABLE', `${provider.providerName} did not answer: ${(error as Error).message}`);
  }
  if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
    throw new EmbedFailure('EMBED_NOT_FOUND', `${provider.providerName} answered ${answer.status}`);
  }
  if (answer.status !== 200) throw new EmbedFailure('EMBED_UNAVAILABLE', `${provider.providerName} answered ${answer.status}`);
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new EmbedFailure('EMBED_UNAVAILABLE', `${provider.providerName} answered something other than JSON`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new EmbedFailure('EMBED_UNAVAILABLE', `${provider.providerName} answered no object`);
  return json as Record<string, unknown>;
}

/** A provider's thumbnail, bounded in time and size; null when it cannot be had (the entry is kept without it). */
export async function fetchThumbnail(url: URL): Promise<Buffer | null> {
  try {
    const answer = await get(url, THUMBNAIL_TIMEOUT_MS, THUMBNAIL_MAX_BYTES);
    return answer.status === 200 && answer.body.byteLength > 0 ? answer.body : null;
  } catch {
    return null;
  }
}
