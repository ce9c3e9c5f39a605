// The media page (/config/media): MediaPage holds the list, the uploads and the dialogs and calls the
// API; MediaView draws.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type ListFilter, type MediaAsset, type MediaUse, mediaCalls, uploadFile } from './calls.js';
import { RESUMABLE_BYTES, RESUME_DELAYS_MS, replaceUpload, sessionUpload } from './transfer.js';
import { type Editing, MediaView, type Upload } from './view.js';
import { LinkForm } from './link-form.js';
import { PosterPanel } from './poster-panel.js';
import { posterAfterUpload } from './poster-after-upload.js';

const PATH = '/config/media';

export type MediaState = { status: 'loading' } | { status: 'ready'; assets: MediaAsset[]; nextCursor: string | null } | { status: 'error'; message: string };

export interface Deleting {
  readonly asset: MediaAsset;
  readonly uses: MediaUse[];
}

export default function MediaPage({ api }: PageProps<StudioContext>) {
  const calls = useMemo(() => mediaCalls(api), [api]);
  const [filter, setFilter] = useState<ListFilter>({ q: '', kind: '' });
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [state, setState] = useState<MediaState>({ status: 'loading' });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const next = useRef(0);

  const load = useCallback(async () => {
    const answer = await calls.list(filter);
    if (answer.ok) return setState({ status: 'ready', ...answer.data });
    if (answer.status === 401) return signInAgain(PATH);
    setState({ status: 'error', message: answer.message });
  }, [calls, filter]);

  useEffect(() => {
    void load();
  }, [load]);

  const more = async () => {
    if (state.status !== 'ready' || !state.nextCursor) return;
    const answer = await calls.list(filter, state.nextCursor);
    if (answer.ok) setState({ status: 'ready', assets: [...state.assets, ...answer.data.assets], nextCursor: answer.data.nextCursor });
    else setNotice({ kind: 'error', text: answer.message });
  };

  const patch = (key: number, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /**
   * Sends a large file in chunks: a failure resumes from the server's offset by itself a few times,
   * each after a longer wait, then stays listed with its message and a Resume button.
   */
  const resume = async (key: number, file: File, attempt: number): Promise<void> => {
    patch(key, { status: 'uploading', error: null, resumable: true });
    const result = await sessionUpload(file, (progress) => patch(key, { progress }));
    if ('status' in result) return signInAgain(PATH);
    if ('interrupted' in result) {
      const wait = RESUME_DELAYS_MS[attempt];
      if (wait === undefined) return patch(key, { status: 'failed', error: result.error });
      await new Promise((r) => setTimeout(r, wait));
      return resume(key, file, attempt + 1);
    }
    if (result.ok) {
      patch(key, { status: 'done', progress: 1 });
      await load();
    } else patch(key, { status: 'failed', error: result.error, resumable: false });
  };

  /** Sends one file, showing its progress; a failure stays listed with its message and a Retry button. */
  const send = async (key: number, file: File) => {
    if (file.size > RESUMABLE_BYTES) return resume(key, file, 0);
    patch(key, { status: 'uploading', progress: 0, error: null });
    const result = await uploadFile(file, (progress) => patch(key, { progress }));
    if ('status' in result) return signInAgain(PATH);
    if (result.ok) {
      patch(key, { status: 'done', progress: 1 });
      // A video gets a poster at once: a frame the browser takes from the file it just sent.
      const poster = await posterAfterUpload(result.asset, file);
      if (poster) setNotice(poster);
      await load();
    } else patch(key, { status: 'failed', error: result.error });
  };

  const onFiles = (files: readonly File[]) => {
    const added = files.map((file) => ({ key: next.current++, file, status: 'uploading' as const, progress: 0, error: null }));
    setUploads((all) => [...added, ...all]);
    // A few at a time, each with its own progress.
    for (const u of added) void send(u.key, u.file);
  };

  const onSave = async (asset: MediaAsset, changes: { name: string; alt: string; title: string; focalPoint: { x: number; y: number } | null }) => {
    const answer = await calls.change(asset.id, changes);
    if (answer.ok) {
      setEditing(null);
      setNotice({ kind: 'ok', text: `${answer.data.asset.name} was saved.` });
      return load();
    }
    if (answer.status === 401) return signInAgain(PATH);
    setEditing({ asset, errors: answer.fieldErrors.name ? answer.fieldErrors : { name: answer.message } });
  };

  /** The edit dialog shows where the file is used, beside "Replace file". */
  const openEdit = async (asset: MediaAsset) => {
    setEditing({ asset, errors: {}, uses: null });
    const answer = await calls.uses(asset.id);
    if (answer.ok) setEditing((e) => (e && e.asset.id === asset.id ? { ...e, uses: answer.data.uses } : e));
  };

  /** New bytes for a file: the dialog then shows the new one, its fields kept. Answers the error to show, if any. */
  const onReplace = async (asset: MediaAsset, file: File, onProgress: (fraction: number) => void): Promise<string | null> => {
    const result = await replaceUpload(asset.id, file, onProgress);
    if ('status' in result) {
      signInAgain(PATH);
      return null;
    }
    if (!result.ok) return result.error;
    setEditing((e) => (e && e.asset.id === asset.id ? { ...e, asset: result.asset } : e));
    setNotice({ kind: 'ok', text: `${result.asset.name} was replaced.` });
    void load();
    return null;
  };

  /** The confirmation names the places that use the file, so the owner knows what deleting it changes. */
  const askDelete = async (asset: MediaAsset) => {
    const answer = await calls.uses(asset.id);
    if (!answer.ok && answer.status === 401) return signInAgain(PATH);
    setDeleting({ asset, uses: answer.ok ? answer.data.uses : [] });
  };

  const onDelete = async (asset: MediaAsset, force: boolean) => {
    const answer = await calls.remove(asset.id, force);
    if (answer.ok) {
      setDeleting(null);
      setNotice({ kind: 'ok', text: `${asset.name} was deleted.` });
      return load();
    }
    if (answer.status === 401) return signInAgain(PATH);
    // Used meanwhile: show where, and ask again.
    if (answer.code === 'MEDIA_IN_USE') return askDelete(asset);
    setDeleting(null);
    setNotice({ kind: 'error', text: answer.message });
  };

  return (
    <MediaView
      state={state}
      filter={filter}
      layout={layout}
      uploads={uploads}
      notice={notice}
      editing={editing}
      deleting={deleting}
      onFilter={setFilter}
      onLayout={setLayout}
      onFiles={onFiles}
      onRetry={(u) => void send(u.key, u.file)}
      onMore={() => void more()}
      onEdit={(asset) => void openEdit(asset)}
      onReplace={onReplace}
      onSave={(asset, changes) => void onSave(asset, changes)}
      onCloseEdit={() => setEditing(null)}
      onAskDelete={(asset) => void askDelete(asset)}
      onDelete={(asset, force) => void onDelete(asset, force)}
      onCloseDelete={() => setDeleting(null)}
      linkForm={
        <LinkForm
          api={api}
          onAdded={(asset) => {
            setNotice({ kind: 'ok', text: `${asset.name} was added.` });
            void load();
          }}
          onSignIn={() => signInAgain(PATH)}
        />
      }
      posterPanel={(asset) => <PosterPanel api={api} asset={asset} onChanged={() => void load()} onSignIn={() => signInAgain(PATH)} />}
    />
  );
}
