// "Add from a link": a YouTube or Vimeo video, or SoundCloud or Spotify audio, added to the library
// through the provider's oEmbed (docs/owner-api.md "Media"); the server's refusals shown at the field.
import { type FormEvent, useState } from 'react';
import type { Api } from '@tessera/core/api-client';
import type { MediaAsset } from './calls.js';
import { videoCalls } from './video-calls.js';

interface LinkFormViewProps {
  readonly value: string;
  readonly busy: boolean;
  readonly error: string | null;
  onChange(value: string): void;
  onSubmit(): void;
}

function LinkFormView({ value, busy, error, onChange, onSubmit }: LinkFormViewProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="media-link" aria-labelledby="media-link-title" onSubmit={submit} noValidate>
      <h2 id="media-link-title">Add from a link</h2>
      <div className="field">
        <label htmlFor="media-link-url">Link to a video or track</label>
        <input
          id="media-link-url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? 'media-link-hint media-link-error' : 'media-link-hint'}
        />
        <span id="media-link-hint" className="field-hint">
          YouTube, Vimeo, SoundCloud or Spotify
        </span>
        {error && (
          <span id="media-link-error" className="field-error">
            {error}
          </span>
        )}
      </div>
      <button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add'}
      </button>
    </form>
  );
}

/** The form's state and its call; `onAdded` tells the page, which shows the result and lists the entry. */
export function LinkForm({ api, onAdded, onSignIn }: { api: Api; onAdded(asset: MediaAsset): void; onSignIn(): void }) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    const answer = await videoCalls(api).addLink(value.trim());
    setBusy(false);
    if (answer.ok) {
      setValue('');
      return onAdded(answer.data.asset);
    }
    if (answer.status === 401) return onSignIn();
    setError(answer.fieldErrors.url ?? answer.message);
  };
  return <LinkFormView value={value} busy={busy} error={error} onChange={setValue} onSubmit={() => void submit()} />;
}
