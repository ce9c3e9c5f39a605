// The media page's calls for video and audio (docs/owner-api.md "Media"): entries added from a link,
// and a video's poster (linked from the library, uploaded, or unlinked).
import { type Api, readCrumb } from '@tessera/core/api-client';
import { FILE_MESSAGES } from '@tessera/core/validation';
import type { MediaAsset } from './calls.js';

export type PosterResult = { ok: true; asset: MediaAsset } | { ok: false; status: number; message: string };

export const videoCalls = (api: Api) => ({
  addLink: (url: string) => api<{ asset: MediaAsset }>('POST', '/api/owner/media/embeds', { url }),
  choosePoster: (id: string, assetId: string) => api<{ asset: MediaAsset }>('PUT', `/api/owner/media/${encodeURIComponent(id)}/poster`, { assetId }),
  removePoster: (id: string) => api<{ asset: MediaAsset }>('DELETE', `/api/owner/media/${encodeURIComponent(id)}/poster`),
  images: () => api<{ assets: MediaAsset[] }>('GET', '/api/owner/media?kind=image&limit=100'),
});

/** Sends an image (a captured frame, or a picture the owner picked) as a video's poster. */
export async function sendPoster(id: string, image: Blob, fileName: string): Promise<PosterResult> {
  const form = new FormData();
  form.append('file', image, fileName);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const crumb = readCrumb();
  if (crumb) headers['X-CSRF-Token'] = crumb;
  try {
    const res = await fetch(`/api/owner/media/${encodeURIComponent(id)}/poster`, { method: 'POST', body: form, headers, credentials: 'same-origin' });
    const body = (await res.json().catch(() => null)) as { asset?: MediaAsset; error?: string } | null;
    if (res.ok && body?.asset) return { ok: true, asset: body.asset };
    return { ok: false, status: res.status, message: body?.error ?? FILE_MESSAGES.uploadProblem };
  } catch {
    return { ok: false, status: 0, message: FILE_MESSAGES.uploadProblem };
  }
}
