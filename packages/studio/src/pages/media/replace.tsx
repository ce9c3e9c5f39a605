// The edit dialog's "Replace file": pick or drop one file, see its progress and the answer, and the
// places that use the file (they show the new one once it is replaced).
import { type DragEvent, useId, useState } from 'react';
import type { MediaAsset, MediaUse } from './calls.js';

export type ReplaceHandler = (asset: MediaAsset, file: File, onProgress: (fraction: number) => void) => Promise<string | null>;

function UsedIn({ uses }: { uses: readonly MediaUse[] | null | undefined }) {
  if (!uses) return <p className="media-meta">Finding where it is used…</p>;
  if (uses.length === 0) return <p className="media-meta">Not used on the site yet.</p>;
  const places = uses.map((u) => `${u.title} (${u.kind})`).join(', ');
  return (
    <p className="media-meta">
      {uses.length === 1 ? 'Used in 1 place' : `Used in ${uses.length} places`}: {places}. They show the new file as soon as it is replaced.
    </p>
  );
}

export function ReplaceFile({ asset, uses, onReplace }: { asset: MediaAsset; uses: readonly MediaUse[] | null | undefined; onReplace: ReplaceHandler }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [over, setOver] = useState(false);
  const inputId = useId();
  const go = async (file: File | undefined) => {
    if (!file || progress !== null) return;
    setProgress(0);
    setMessage(null);
    const error = await onReplace(asset, file, setProgress);
    setProgress(null);
    setMessage(error ? { error: true, text: error } : { error: false, text: `${asset.name} now holds ${file.name}.` });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void go(event.dataTransfer.files[0]);
  };
  return (
    <fieldset className="media-replace">
      <legend>File</legend>
      <div
        role="region"
        aria-label={`Replace ${asset.name}`}
        className={`media-replace-body${over ? ' media-drop-over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}>
        <CurrentFile asset={asset} />
        <div>
          <p className="media-meta">
            {asset.sizeText}
            {asset.width && asset.height ? `, ${asset.width} × ${asset.height}` : ''}. Drop a file here, or
          </p>
          <label htmlFor={inputId} className="button-secondary">
            Replace file
          </label>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            disabled={progress !== null}
            onChange={(event) => {
              void go(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      </div>
      {progress !== null && <progress max={1} value={progress} aria-label={`${asset.name} replaced`} />}
      <p className={message?.error ? 'field-error' : 'media-meta'} role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
      <UsedIn uses={uses} />
    </fieldset>
  );
}

/** The file as it stands: the picture, the video or track itself (to check before replacing it), or its kind. */
function CurrentFile({ asset }: { asset: MediaAsset }) {
  if (asset.kind === 'image') return <img className="media-replace-thumb" src={asset.url} alt="The current file" />;
  if (!asset.embed && asset.kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the owner's own upload, shown to check it; captions belong to the page that plays it
      <video className="media-replace-thumb" src={asset.url} poster={asset.poster?.url} controls preload="metadata" aria-label="The current file" />
    );
  }
  if (!asset.embed && asset.kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: the owner's own upload, played to check it
    return <audio className="media-replace-audio" src={asset.url} controls preload="metadata" aria-label="The current file" />;
  }
  if (asset.poster) return <img className="media-replace-thumb" src={asset.poster.url} alt={`The poster of ${asset.name}`} />;
  return <span className="media-thumb media-thumb-file">{asset.embed?.providerName ?? asset.kind}</span>;
}
