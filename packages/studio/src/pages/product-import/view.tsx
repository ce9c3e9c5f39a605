// The import page, drawn from props only (page.tsx holds the file and the answers): the export link,
// the file picker and drop zone, the dry run's summary and rows (each row's outcome, and its errors
// by column), Import (only after a dry run without errors) and the result.
import { type DragEvent, useId, useState } from 'react';
import { formatCount } from '../../format.js';
import { EXPORT_PATH, type ImportAnswer, type ImportRow } from './calls.js';

export type Phase =
  | { kind: 'empty' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'checked'; fileName: string; answer: ImportAnswer }
  | { kind: 'importing'; fileName: string; answer: ImportAnswer }
  | { kind: 'imported'; fileName: string; answer: ImportAnswer }
  | { kind: 'failed'; fileName: string; message: string; answer?: ImportAnswer };

export interface ImportViewProps {
  language: string;
  phase: Phase;
  onFile(file: File): void;
  onImport(): void;
  onAgain(): void;
}

/** Rows shown at most: a file of thousands of rows is summed up, its first rows listed. */
const SHOWN = 500;

export function ImportView({ language, phase, onFile, onImport, onAgain }: ImportViewProps) {
  const n = (x: number) => formatCount(language, x);
  const answer = 'answer' in phase ? phase.answer : undefined;
  const canImport = phase.kind === 'checked' && phase.answer.summary.error === 0 && phase.answer.summary.create + phase.answer.summary.update > 0;
  return (
    <>
      <p className="back-link">
        <a href="/config/products">Products</a>
      </p>
      <section className="card store-section" aria-labelledby="export-heading">
        <h2 id="export-heading">Export</h2>
        <p className="section-note">Every product and its stock as CSV, one row per variant: edit it in a spreadsheet and import it here.</p>
        <p>
          <a className="button-link button-secondary" href={EXPORT_PATH} download>
            Download products CSV
          </a>
        </p>
      </section>
      <section className="card store-section" aria-labelledby="import-heading">
        <h2 id="import-heading">Import</h2>
        <p className="section-note">
          Rows are matched by SKU: a known SKU updates its variant, a new one creates it; an empty cell changes nothing. A Stock that differs from the
          shop&apos;s is recorded as an adjustment in the inventory&apos;s history. A check runs first and writes nothing; the import then writes every row at
          once, or none when a row has an error.
        </p>
        <CsvDrop disabled={phase.kind === 'checking' || phase.kind === 'importing'} onFile={onFile} />
        <div className="status import-status" role="status" aria-live="polite">
          {statusText(phase, n)}
        </div>
        {phase.kind === 'failed' && (
          <div className="error-box" role="alert">
            <p>{phase.message}</p>
          </div>
        )}
        {answer && <Summary answer={answer} n={n} />}
        {(phase.kind === 'checked' || phase.kind === 'importing') && (
          <div className="dialog-buttons">
            <button type="button" disabled={!canImport} onClick={onImport} aria-describedby="import-why">
              {phase.kind === 'importing' ? 'Importing…' : 'Import'}
            </button>
            <span id="import-why" className="hint">
              {phase.answer.summary.error > 0
                ? 'Fix the rows with errors in the file, then choose it again.'
                : phase.answer.summary.create + phase.answer.summary.update === 0
                  ? 'Nothing to change: every row matches the shop.'
                  : 'Writes the rows above.'}
            </span>
          </div>
        )}
        {phase.kind === 'imported' && (
          <div className="dialog-buttons">
            <a className="button-link" href="/config/products">
              See the products
            </a>
            <button type="button" className="button-secondary" onClick={onAgain}>
              Import another file
            </button>
          </div>
        )}
        {answer && answer.rows.length > 0 && <Rows rows={answer.rows} n={n} />}
      </section>
    </>
  );
}

function statusText(phase: Phase, n: (x: number) => string): string {
  switch (phase.kind) {
    case 'empty':
      return '';
    case 'checking':
      return `Checking ${phase.fileName}…`;
    case 'checked':
      return phase.answer.summary.error > 0
        ? `Checked ${phase.fileName}: ${n(phase.answer.summary.error)} ${phase.answer.summary.error === 1 ? 'row has' : 'rows have'} errors. Nothing was written.`
        : `Checked ${phase.fileName}: ready to import. Nothing is written until you choose Import.`;
    case 'importing':
      return `Importing ${phase.fileName}…`;
    case 'imported':
      return `Imported ${phase.fileName}: ${n(phase.answer.summary.create)} created, ${n(phase.answer.summary.update)} updated.`;
    case 'failed':
      return `${phase.fileName}: not imported.`;
  }
}

function Summary({ answer, n }: { answer: ImportAnswer; n: (x: number) => string }) {
  const s = answer.summary;
  const items: [string, number, string][] = [
    ['To create', s.create, 'create'],
    ['To update', s.update, 'update'],
    ['Unchanged', s.unchanged, 'unchanged'],
    ['Errors', s.error, 'error'],
  ];
  return (
    <dl className="import-summary">
      {items.map(([label, count, kind]) => (
        <div key={kind} className={`import-count import-count-${kind}${kind === 'error' && count > 0 ? ' has-errors' : ''}`}>
          <dt>{answer.written && kind !== 'unchanged' && kind !== 'error' ? label.replace('To create', 'Created').replace('To update', 'Updated') : label}</dt>
          <dd>{n(count)}</dd>
        </div>
      ))}
    </dl>
  );
}

const ACTIONS: Record<string, string> = { create: 'Create', update: 'Update', error: 'Error', unchanged: 'Unchanged' };

function Rows({ rows, n }: { rows: ImportRow[]; n: (x: number) => string }) {
  // Rows with errors first: they are what the owner has to fix.
  const ordered = [...rows.filter((r) => r.action === 'error'), ...rows.filter((r) => r.action !== 'error')];
  const shown = ordered.slice(0, SHOWN);
  return (
    <div className="table-scroll">
      <table className="orders-table import-rows">
        <caption>Rows that change or fail{rows.length > SHOWN ? ` (the first ${n(SHOWN)} of ${n(rows.length)})` : ''}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">SKU</th>
            <th scope="col">Product</th>
            <th scope="col">Outcome</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.row} className={`import-row-${r.action}`}>
              <th scope="row">{r.row}</th>
              <td data-label="SKU" className="sku">
                {r.sku}
              </td>
              <td data-label="Product">{r.title}</td>
              <td data-label="Outcome">
                <span className={`status-badge status-badge-${r.action === 'error' ? 'bad' : r.action === 'create' ? 'good' : 'neutral'}`}>
                  {ACTIONS[r.action] ?? r.action}
                </span>
              </td>
              <td data-label="Details">
                {r.errors.length > 0 ? (
                  <ul className="row-errors">
                    {r.errors.map((e) => (
                      <li key={`${e.column}:${e.message}`}>
                        <strong>{e.column}</strong>: {e.message}
                      </li>
                    ))}
                  </ul>
                ) : r.changes.length > 0 ? (
                  `Changes: ${r.changes.join(', ')}`
                ) : (
                  ''
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CsvDrop({ disabled, onFile }: { disabled: boolean; onFile(file: File): void }) {
  const [over, setOver] = useState(false);
  const inputId = useId();
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    // A region of its own: a file dropped anywhere on it is checked; its button picks one from the keyboard.
    <div
      role="region"
      aria-label="CSV file to import"
      className={`media-drop${over ? ' media-drop-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}>
      <p>Drop a CSV file here, or</p>
      <label htmlFor={inputId} className="button-secondary">
        Choose a CSV file
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
