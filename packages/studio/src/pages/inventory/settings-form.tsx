// The inventory's settings: the scarcity threshold (at or under it a variant is low) and the
// automatic restock notices. Props only: the page saves.
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { InventorySettings } from './calls.js';

export interface SettingsFormProps {
  readonly settings: InventorySettings;
  readonly busy: boolean;
  readonly message: { kind: 'ok' | 'error'; text: string } | null;
  readonly fieldError?: string;
  onSave(next: { scarcityThreshold: number; restockAutoSend: boolean }): void;
}

export function SettingsForm({ settings, busy, message, fieldError, onSave }: SettingsFormProps) {
  const [threshold, setThreshold] = useState(String(settings.scarcityThreshold));
  const [autoSend, setAutoSend] = useState(settings.restockAutoSend);
  const [localError, setLocalError] = useState<string | null>(null);
  const ids = useId();
  useEffect(() => {
    setThreshold(String(settings.scarcityThreshold));
    setAutoSend(settings.restockAutoSend);
  }, [settings]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(threshold.trim());
    if (!/^\d+$/.test(threshold.trim()) || n > 1_000_000) return setLocalError('Enter a whole number from 0 to 1000000.');
    setLocalError(null);
    onSave({ scarcityThreshold: n, restockAutoSend: autoSend });
  };
  const error = localError ?? fieldError;
  return (
    <section className="card inventory-settings" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Settings</h2>
      <form onSubmit={submit} noValidate>
        <label>
          Low stock at or under
          <input
            inputMode="numeric"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
          />
        </label>
        <p id={`${ids}-hint`} className="hint">
          Pieces left at which a variant shows as low here and on the home page, and the shop's scarcity message shows.
        </p>
        {error && (
          <p id={`${ids}-error`} className="field-error">
            {error}
          </p>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={autoSend} onChange={(e) => setAutoSend(e.target.checked)} />
          Send restock notices when a variant is back in stock
        </label>
        <div className="dialog-buttons">
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </button>
        </div>
        <p className={message?.kind === 'error' ? 'status status-error' : 'status'} role="status" aria-live="polite">
          {message?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
