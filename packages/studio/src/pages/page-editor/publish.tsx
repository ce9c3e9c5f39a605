// Publishing: the content's status badge (core's labels: Draft, Scheduled, Needs Review, Private),
// Publish, Schedule (a date and time in the site's time zone) and Unpublish; and the history of
// published versions, one of which may be restored into the draft after the owner confirms.
import { contentStatusLabel } from '@tessera/core/enums';
import { useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import { StatusBadge } from '../../ui/status-badge.js';
import { fromLocalInput, toLocalInput } from '../store/zoned.js';
import type { Revision } from './calls.js';

export interface PublishBarProps {
  readonly status: string;
  readonly publishOn: string | number | null;
  readonly timeZone: string;
  readonly language: string;
  readonly busy: boolean;
  /** A post shows its publish date once published (it may be set in the past: back-dated). */
  readonly showDate?: boolean;
  onPublish(): void;
  onSchedule(): void;
  onUnpublish(): void;
  onHistory(): void;
}

function formatWhen(when: string | number | null, language: string, timeZone: string): string {
  if (when === null || when === '') return '';
  const d = new Date(when);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

export function PublishBar({ status, publishOn, timeZone, language, busy, showDate, onPublish, onSchedule, onUnpublish, onHistory }: PublishBarProps) {
  const label = contentStatusLabel(status) ?? 'Published';
  const tone = status === 'published' ? 'good' : status === 'scheduled' ? 'warn' : 'neutral';
  return (
    <div className="editor-publish">
      <StatusBadge tone={tone} label="Status">
        {label}
      </StatusBadge>
      {(status === 'scheduled' || (showDate && status === 'published')) && publishOn !== null && (
        <span className="muted">{formatWhen(publishOn, language, timeZone)}</span>
      )}
      <button type="button" disabled={busy} onClick={onPublish}>
        Publish
      </button>
      <button type="button" className="button-secondary" disabled={busy} onClick={onSchedule}>
        {showDate ? 'Publish date' : 'Schedule'}
      </button>
      {(status === 'published' || status === 'scheduled') && (
        <button type="button" className="button-secondary" disabled={busy} onClick={onUnpublish}>
          Unpublish
        </button>
      )}
      <button type="button" className="button-secondary" onClick={onHistory}>
        History
      </button>
    </div>
  );
}

export function ScheduleDialog({
  open,
  timeZone,
  initial,
  error,
  backDate,
  onSchedule,
  onClose,
}: {
  open: boolean;
  timeZone: string;
  initial: string | number | null;
  error: string;
  /** A post may be published with a date in the past (back-dated); a page is only scheduled ahead. */
  backDate?: boolean;
  onSchedule(iso: string): void;
  onClose(): void;
}) {
  const start = toLocalInput(initial === null ? new Date(Date.now() + 3_600_000).toISOString() : new Date(initial).toISOString(), timeZone);
  const [date, setDate] = useState(start.slice(0, 10));
  const [time, setTime] = useState(start.slice(11, 16));
  const [problem, setProblem] = useState('');
  const submit = () => {
    const iso = fromLocalInput(`${date}T${time || '00:00'}`, timeZone);
    if (!iso) return setProblem('Enter a date and a time.');
    if (!backDate && Date.parse(iso) <= Date.now()) return setProblem('Choose a time in the future, or publish now.');
    setProblem('');
    onSchedule(iso);
  };
  const shown = problem || error;
  return (
    <Dialog open={open} title={backDate ? 'Publish date' : 'Schedule publication'} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}>
        <p className="muted">
          The time is the site's: {timeZone}.{backDate ? ' A date in the past publishes the post now, dated then; a later one schedules it.' : ''}
        </p>
        <div className="field-grid">
          <div className="field">
            <label htmlFor="schedule-date">Date</label>
            <input id="schedule-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
          </div>
          <div className="field">
            <label htmlFor="schedule-time">Time</label>
            <input id="schedule-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
          </div>
        </div>
        {shown && (
          <p className="field-error" role="alert">
            {shown}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="submit">{backDate ? 'Publish on this date' : 'Schedule'}</button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function HistoryDialog({
  open,
  revisions,
  problem,
  language,
  timeZone,
  onRestore,
  onClose,
}: {
  open: boolean;
  revisions: Revision[] | null;
  problem: string;
  language: string;
  timeZone: string;
  onRestore(revision: number): void;
  onClose(): void;
}) {
  const [asking, setAsking] = useState<number | null>(null);
  return (
    <Dialog open={open} title="Published versions" onClose={onClose}>
      <p role="status" className="muted">
        {problem || (revisions === null ? 'Loading…' : revisions.length === 0 ? 'This page has not been published yet.' : '')}
      </p>
      {revisions && revisions.length > 0 && (
        <ol className="editor-history">
          {revisions.map((r) => (
            <li key={r.revision}>
              <span>
                Version {r.revision}, {formatWhen(r.publishedOn, language, timeZone)}
                {r.publishedBy ? ` by ${r.publishedBy.name}` : ''}
              </span>
              {asking === r.revision ? (
                <span className="confirm-inline">
                  <span>Replace the draft with version {r.revision}?</span>
                  <button type="button" onClick={() => onRestore(r.revision)}>
                    Restore version {r.revision}
                  </button>
                  <button type="button" className="button-secondary" onClick={() => setAsking(null)}>
                    Keep the draft
                  </button>
                </span>
              ) : (
                <button type="button" className="button-secondary" onClick={() => setAsking(r.revision)}>
                  Restore…
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="dialog-buttons">
        <button type="button" className="button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
