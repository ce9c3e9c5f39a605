// A video's poster in its edit dialog: the picture shown before it plays, taken from the video in the
// browser ("Capture from video"), chosen among the library's images, or uploaded; and removed.
import { useState } from 'react';
import type { Api } from '@tessera/core/api-client';
import type { MediaAsset } from './calls.js';
import { captureFrame } from './capture.js';
import { sendPoster, videoCalls } from './video-calls.js';

type Poster = MediaAsset['poster'];

export interface PosterViewProps {
  readonly asset: MediaAsset;
  readonly poster: Poster;
  readonly busy: boolean;
  readonly status: { kind: 'ok' | 'error'; text: string } | null;
  /** The library's images while the owner chooses one; null otherwise. */
  readonly choices: readonly MediaAsset[] | null;
  onCapture(): void;
  onChoose(): void;
  onPick(image: MediaAsset): void;
  onUpload(file: File): void;
  onRemove(): void;
}

function PosterView(props: PosterViewProps) {
  const { asset, poster, busy, status, choices } = props;
  const canCapture = asset.kind === 'video' && !asset.embed;
  return (
    <fieldset className="media-poster" disabled={busy}>
      <legend>Poster</legend>
      {poster ? <img className="media-poster-image" src={poster.url} alt={`The poster of ${asset.name}`} /> : <p>No poster yet.</p>}
      <div className="media-poster-actions">
        {canCapture && (
          <button type="button" className="button-secondary" onClick={props.onCapture}>
            Capture from video
          </button>
        )}
        <button type="button" className="button-secondary" aria-expanded={choices !== null} onClick={props.onChoose}>
          Choose from library
        </button>
        <label htmlFor="media-poster-file" className="button-secondary">
          Upload image
        </label>
        <input
          id="media-poster-file"
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) props.onUpload(file);
            event.target.value = '';
          }}
        />
        {poster && (
          <button type="button" className="button-secondary" onClick={props.onRemove}>
            Remove poster
          </button>
        )}
      </div>
      {choices && (
        <ul className="media-poster-choices" aria-label="Images of the library">
          {choices.length === 0 && <li>The library has no images yet.</li>}
          {choices.map((image) => (
            <li key={image.id}>
              <button type="button" className="media-poster-choice" aria-pressed={poster?.id === image.id} onClick={() => props.onPick(image)}>
                <img src={image.variants.find((v) => v.width >= 100)?.url ?? image.url} alt="" loading="lazy" />
                <span>Use {image.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={`status${status?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
        {busy ? 'Saving the poster…' : (status?.text ?? '')}
      </p>
    </fieldset>
  );
}

/** The poster's state and calls; `onChanged` lets the page list the change. */
export function PosterPanel({ api, asset, onChanged, onSignIn }: { api: Api; asset: MediaAsset; onChanged(asset: MediaAsset): void; onSignIn(): void }) {
  const calls = videoCalls(api);
  const [poster, setPoster] = useState<Poster>(asset.poster ?? null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<PosterViewProps['status']>(null);
  const [choices, setChoices] = useState<MediaAsset[] | null>(null);

  const done = (answer: { ok: true; asset: MediaAsset } | { ok: false; status: number; message: string }, text: string) => {
    setBusy(false);
    if (answer.ok) {
      setPoster(answer.asset.poster ?? null);
      setStatus({ kind: 'ok', text });
      setChoices(null);
      return onChanged(answer.asset);
    }
    if (answer.status === 401) return onSignIn();
    setStatus({ kind: 'error', text: answer.message });
  };
  const viaApi = async (call: Promise<Awaited<ReturnType<typeof calls.removePoster>>>, text: string) => {
    setBusy(true);
    const answer = await call;
    done(answer.ok ? { ok: true, asset: answer.data.asset } : { ok: false, status: answer.status, message: answer.message }, text);
  };
  const upload = async (image: Blob, name: string, text: string) => {
    setBusy(true);
    done(await sendPoster(asset.id, image, name), text);
  };

  return (
    <PosterView
      asset={asset}
      poster={poster}
      busy={busy}
      status={status}
      choices={choices}
      onCapture={() => {
        setBusy(true);
        captureFrame(asset.url).then(
          (frame) => void upload(frame, 'frame.jpg', 'The frame was captured and set as the poster.'),
          () => {
            setBusy(false);
            setStatus({ kind: 'error', text: 'The frame could not be captured from this video: upload an image instead.' });
          },
        );
      }}
      onChoose={async () => {
        if (choices) return setChoices(null);
        const answer = await calls.images();
        if (answer.ok) setChoices(answer.data.assets.filter((a) => a.contentType !== 'image/svg+xml'));
        else if (answer.status === 401) onSignIn();
        else setStatus({ kind: 'error', text: answer.message });
      }}
      onPick={(image) => void viaApi(calls.choosePoster(asset.id, image.id), `${image.name} is the poster.`)}
      onUpload={(file) => void upload(file, file.name, `${file.name} is the poster.`)}
      onRemove={() => void viaApi(calls.removePoster(asset.id), 'The poster was removed.')}
    />
  );
}
