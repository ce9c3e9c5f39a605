// Resumable uploads and replacements of the media page (docs/owner-api.md "Media"), on
// XMLHttpRequest, the one browser API that reports an upload's progress. A large file goes in chunks
// through an upload session; its id is kept in localStorage, so that the same file picked again
// after a closed tab resumes from the server's offset.
import { readCrumb } from '@tessera/core/api-client';
import { FILE_MESSAGES } from '@tessera/core/validation';
import type { FileResult, MediaAsset } from './calls.js';

/** Files larger than this go through an upload session in chunks; smaller ones in one multipart request. */
export const RESUMABLE_BYTES = 8 * 1024 * 1024;
/** Automatic resumptions after a failed chunk, each after a longer wait, before the Resume button shows. */
export const RESUME_DELAYS_MS: readonly number[] = [1000, 3000, 9000];

type Answer = { status: number; body: Record<string, unknown> } | { status: 0; body: null };

/** One request with a body, its progress reported (0 to 1); status 0 when the connection failed. */
function send(
  method: string,
  url: string,
  body: Blob | FormData | string | null,
  headers: Record<string, string>,
  onProgress?: (fraction: number) => void,
): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const crumb = readCrumb();
    if (crumb) xhr.setRequestHeader('X-CSRF-Token', crumb);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    }
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => resolve({ status: 0, body: null });
    xhr.onload = () => {
      try {
        resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) as Record<string, unknown> });
      } catch {
        resolve({ status: xhr.status, body: {} });
      }
    };
    xhr.send(body);
  });
}

const storageKey = (file: File) => `tessera-upload:${file.name}:${file.size}:${file.lastModified}`;

function remembered(file: File): string | null {
  try {
    return localStorage.getItem(storageKey(file));
  } catch {
    return null;
  }
}

function remember(file: File, id: string | null): void {
  try {
    if (id) localStorage.setItem(storageKey(file), id);
    else localStorage.removeItem(storageKey(file));
  } catch {
    // Private windows may refuse storage: the upload then only resumes within this page.
  }
}

export type SessionOutcome = FileResult | { status: 401 } | { interrupted: true; error: string };

const failed = (file: File, body: Record<string, unknown> | null, fallback: string = FILE_MESSAGES.uploadProblem): FileResult => ({
  fileName: file.name,
  ok: false,
  code: typeof body?.code === 'string' ? body.code : 'FILE_UPLOAD_FAILED',
  error: typeof body?.error === 'string' ? body.error : fallback,
});

/**
 * Uploads a large file through an upload session, from the server's offset: a session this page or
 * an earlier one (the same file, before a closed tab) started goes on where the server stands. A
 * network failure answers `interrupted` (the session stays, to resume); a refusal ends it.
 */
export async function sessionUpload(file: File, onProgress: (fraction: number) => void): Promise<SessionOutcome> {
  let id = remembered(file);
  let offset = 0;
  let chunkSize = RESUMABLE_BYTES;
  if (id) {
    const known = await send('GET', `/api/owner/media/uploads/${encodeURIComponent(id)}`, null, {});
    if (known.status === 0) return { interrupted: true, error: FILE_MESSAGES.uploadIncomplete };
    if (known.status === 200) {
      offset = Number(known.body.offset);
      chunkSize = Number(known.body.chunkSize);
    } else id = null;
  }
  if (!id) {
    const opened = await send('POST', '/api/owner/media/uploads', JSON.stringify({ fileName: file.name, size: file.size }), {
      'Content-Type': 'application/json',
    });
    if (opened.status === 401) return { status: 401 };
    if (opened.status === 0) return { interrupted: true, error: FILE_MESSAGES.uploadIncomplete };
    if (opened.status !== 200) return failed(file, opened.body);
    id = String(opened.body.id);
    chunkSize = Number(opened.body.chunkSize);
    remember(file, id);
  }
  const url = `/api/owner/media/uploads/${encodeURIComponent(id)}`;
  for (;;) {
    onProgress(offset / file.size);
    const end = Math.min(offset + chunkSize, file.size);
    const answer = await send(
      'PUT',
      url,
      file.slice(offset, end),
      { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes ${offset}-${end - 1}/${file.size}` },
      (f) => onProgress((offset + f * (end - offset)) / file.size),
    );
    if (answer.status === 401) return { status: 401 };
    // No answer, a server that failed, or a chunk cut off on the way (the server kept none of it):
    // the session stays, to resume from the server's offset.
    if (answer.status === 0 || answer.status >= 500 || answer.body?.code === 'FILE_UPLOAD_INCOMPLETE')
      return { interrupted: true, error: FILE_MESSAGES.uploadIncomplete };
    // The server holds another offset (the answer to a chunk was lost): go on from it.
    if (answer.status === 409 && typeof answer.body.offset === 'number') {
      offset = answer.body.offset;
      continue;
    }
    if (answer.status !== 200) {
      remember(file, null);
      return failed(file, answer.body);
    }
    const files = answer.body.files as FileResult[] | undefined;
    if (files?.[0]) {
      remember(file, null);
      onProgress(1);
      return files[0];
    }
    offset = Number(answer.body.offset);
  }
}

/** Replaces a file's bytes (one multipart request), reporting its progress. */
export async function replaceUpload(
  assetId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ ok: true; asset: MediaAsset } | { ok: false; error: string } | { status: 401 }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await send('PUT', `/api/owner/media/${encodeURIComponent(assetId)}/file`, form, {}, onProgress);
  if (answer.status === 401) return { status: 401 };
  if (answer.status === 200 && answer.body?.asset) return { ok: true, asset: answer.body.asset as MediaAsset };
  return { ok: false, error: typeof answer.body?.error === 'string' ? answer.body.error : FILE_MESSAGES.uploadProblem };
}
