// A file of the media library, chosen in a dialog (the media page's own list call): images for an
// image or a gallery, videos and audio for theirs.
import type { Api } from '@tessera/core/api-client';
import { useEffect, useMemo, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import { type MediaAsset, type MediaKind, mediaCalls } from '../media/calls.js';

export interface MediaPickerProps {
  readonly api: Api;
  readonly kind: MediaKind;
  readonly open: boolean;
  onPick(asset: MediaAsset): void;
  onClose(): void;
}

const NAMES: Partial<Record<MediaKind, string>> = { image: 'image', video: 'video', audio: 'audio file' };
const TITLES: Partial<Record<MediaKind, string>> = { image: 'Choose an image', video: 'Choose a video', audio: 'Choose an audio file' };

export function MediaPicker({ api, kind, open, onPick, onClose }: MediaPickerProps) {
  const calls = useMemo(() => mediaCalls(api), [api]);
  const [assets, setAssets] = useState<MediaAsset[] | null>(null);
  const [q, setQ] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(async () => {
      const answer = await calls.list({ q, kind });
      if (!live) return;
      if (answer.ok) {
        setAssets(answer.data.assets);
        setProblem('');
      } else setProblem(answer.message);
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [calls, open, q, kind]);
  const name = NAMES[kind] ?? 'file';
  return (
    <Dialog open={open} title={TITLES[kind] ?? 'Choose a file'} onClose={onClose} className="dialog-wide">
      <div className="field">
        <label htmlFor="media-picker-q">Search the media library</label>
        <input id="media-picker-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} data-autofocus />
      </div>
      <p role="status" className="muted">
        {problem ||
          (assets === null ? 'Loading…' : assets.length === 0 ? `No ${name} in the library yet: upload one on the Media page.` : `${assets.length} shown.`)}
      </p>
      <ul className="media-picker-list">
        {(assets ?? []).map((a) => (
          <li key={a.id}>
            <button type="button" className="button-secondary media-picker-choice" onClick={() => onPick(a)}>
              {a.kind === 'image' ? <img src={a.variants[0]?.url ?? a.url} alt="" width={96} height={72} /> : null}
              <span>{a.title || a.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-buttons">
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
