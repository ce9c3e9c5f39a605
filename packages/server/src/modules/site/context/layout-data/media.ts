import type { PageRequest } from '../../pages.js';
import { videoContext } from '../video.js';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A video block: a video of the media library or one added from a link, as a journal post's video
 * (context/video.ts): Tessera's own player or the provider's, behind a facade the video island
 * opens. Null for a path that is no video.
 */
export async function videoData(_store: unknown, req: PageRequest, settings: Readonly<Record<string, unknown>>) {
  const path = text(settings.video);
  const video = path ? videoContext(req.snapshot, path, text(settings.caption) || 'Video') : null;
  return video && video.kind === 'video' ? { ...video, caption: text(settings.caption) } : null;
}

/**
 * An audio block: an audio file of the library, played by the browser's own `<audio controls>`
 * (or a provider's player behind the facade for a track added from a link), with the block's title
 * and author. Null for a path that is no audio.
 */
export async function audioData(_store: unknown, req: PageRequest, settings: Readonly<Record<string, unknown>>) {
  const path = text(settings.audio);
  const title = text(settings.title);
  const audio = path ? videoContext(req.snapshot, path, title || 'Audio') : null;
  if (audio?.kind !== 'audio') return null;
  return { ...audio, title: title || audio.title, author: text(settings.author) };
}
