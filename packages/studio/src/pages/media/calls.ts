// The media page's calls (docs/owner-api.md "Media"): the list and the changes on the one API client;
// uploads on XMLHttpRequest, the one browser API that reports an upload's progress.
import { type Api, readCrumb } from '@tessera/core/api-client';
import { FILE_MESSAGES } from '@tessera/core/validation';

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'file';

export interface MediaAsset {
  id: string;
  path: string;
  name: string;
  url: string;
  contentType: string;
  kind: MediaKind;
  size: number;
  sizeText: string;
  width: number | null;
  height: number | null;
  alt: string;
  title: string;
  focalPoint: { x: number; y: number } | null;
  created: number;
  processingError: string | null;
  variants: { width: number; format: string; url: string }[];
  useCount: number;
  /** Video and audio: the length read from the file (or told by the provider), the poster, the link's provider. */
  durationMs?: number | null;
  durationText?: string | null;
  poster?: { id: string; url: string } | null;
  embed?: { providerName: string; url: string; src: string; author: string | null } | null;
}

export interface MediaUse {
  kind: 'item' | 'product' | 'collection' | 'site' | 'media';
  id: string;
  title: string;
}

export interface ListFilter {
  q: string;
  kind: MediaKind | '';
}

export type FileResult = { fileName: string; ok: true; asset: MediaAsset } | { fileName: string; ok: false; code: string; error: string };

export const mediaCalls = (api: Api) => ({
  list: (filter: ListFilter, cursor?: string) => {
    const query = new URLSearchParams();
    if (filter.q) query.set('q', filter.q);
    if (filter.kind) query.set('kind', filter.kind);
    if (cursor) query.set('cursor', cursor);
    const qs = query.toString();
    return api<{ assets: MediaAsset[]; nextCursor: string | null }>('GET', `/api/owner/media${qs ? `?${qs}` : ''}`);
  },
  change: (id: string, changes: { name?: string; alt?: string; title?: string; focalPoint?: { x: number; y: number } | null }) =>
    api<{ asset: MediaAsset }>('PATCH', `/api/owner/media/${encodeURIComponent(id)}`, changes),
  uses: (id: string) => api<{ uses: MediaUse[] }>('GET', `/api/owner/media/${encodeURIComponent(id)}/uses`),
  remove: (id: string, force: boolean) => api<{ deleted: true }>('DELETE', `/api/owner/media/${encodeURIComponent(id)}${force ? '?force=1' : ''}`),
});

/**
 * Uploads one file, reporting its progress (0 to 1). Resolves with the server's result for it; a
 * failure of the connection resolves with the spec's "There was a problem while uploading your file."
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<FileResult | { status: 401 }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const fail = (error: string = FILE_MESSAGES.uploadProblem) => resolve({ fileName: file.name, ok: false, code: 'FILE_UPLOAD_FAILED', error });
    xhr.open('POST', '/api/owner/media');
    const crumb = readCrumb();
    if (crumb) xhr.setRequestHeader('X-CSRF-Token', crumb);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => fail();
    xhr.onabort = () => fail(FILE_MESSAGES.uploadIncomplete);
    xhr.onload = () => {
      if (xhr.status === 401) return resolve({ status: 401 });
      try {
        const body = JSON.parse(xhr.responseText) as { files?: FileResult[]; error?: string };
        const result = body.files?.[0];
        if (result) return resolve(result);
        fail(body.error);
      } catch {
        fail();
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
