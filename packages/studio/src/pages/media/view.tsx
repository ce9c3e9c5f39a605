// What the media page draws, from props only: the drop zone, the uploads with their progress, the
// filters, the files as a grid or a list, and the edit and delete dialogs.
import { type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode, useId, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import type { ListFilter, MediaAsset, MediaKind, MediaUse } from './calls.js';
import type { Deleting, MediaState } from './page.js';
import { ReplaceFile, type ReplaceHandler } from './replace.js';

export interface Upload {
  readonly key: number;
  readonly file: File;
  readonly status: 'uploading' | 'done' | 'failed';
  readonly progress: number;
  readonly error: string | null;
  /** Sent through an upload session: a failure resumes from the server's offset. */
  readonly resumable?: boolean;
}

export interface Editing {
  readonly asset: MediaAsset;
  readonly errors: Readonly<Record<string, string>>;
  /** Where the file is used (null while it is asked for), shown beside "Replace file". */
  readonly uses?: readonly MediaUse[] | null;
}

type Changes = { name: string; alt: string; title: string; focalPoint: { x: number; y: number } | null };

export interface MediaViewProps {
  state: MediaState;
  filter: ListFilter;
  layout: 'grid' | 'list';
  uploads: readonly Upload[];
  notice: { kind: 'ok' | 'error'; text: string } | null;
  editing: Editing | null;
  deleting: Deleting | null;
  onFilter(filter: ListFilter): void;
  onLayout(layout: 'grid' | 'list'): void;
  onFiles(files: readonly File[]): void;
  onRetry(upload: Upload): void;
  onMore(): void;
  onEdit(asset: MediaAsset): void;
  onSave(asset: MediaAsset, changes: Changes): void;
  onCloseEdit(): void;
  onAskDelete(asset: MediaAsset): void;
  onDelete(asset: MediaAsset, force: boolean): void;
  onCloseDelete(): void;
  onReplace: ReplaceHandler;
  /** Video and audio: the "Add from a link" form, and a file's poster in its edit dialog (link-form.tsx, poster-panel.tsx). */
  linkForm?: ReactNode;
  posterPanel?(asset: MediaAsset): ReactNode;
}

const KINDS: { value: MediaKind | ''; label: string }[] = [
  { value: '', label: 'All kinds' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
  { value: 'document', label: 'Documents' },
  { value: 'file', label: 'Other files' },
];

function DropZone({ onFiles }: { onFiles(files: readonly File[]): void }) {
  const [over, setOver] = useState(false);
  const inputId = useId();
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    // A region of its own: files dropped anywhere on it upload; its button picks them from the keyboard.
    <div
      role="region"
      aria-label="Upload files"
      className={`media-drop${over ? ' media-drop-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}>
      <p>Drop files here to upload them, or</p>
      <label htmlFor={inputId} className="button-secondary">
        Choose files
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

function Uploads({ uploads, onRetry }: { uploads: readonly Upload[]; onRetry(u: Upload): void }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="media-uploads" aria-label="Uploads">
      {uploads.map((u) => (
        <li key={u.key}>
          <span className="media-upload-name">{u.file.name}</span>
          <progress max={1} value={u.progress} aria-label={`${u.file.name} uploaded`} />
          {u.status === 'done' && <span>Uploaded</span>}
          {u.status === 'failed' && (
            <>
              <span className="field-error" role="alert">
                {u.error}
              </span>
              <button type="button" className="button-secondary" onClick={() => onRetry(u)}>
                {u.resumable ? 'Resume' : 'Retry'} {u.file.name}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Thumb({ asset }: { asset: MediaAsset }) {
  // A video or track shows its poster, and what it is: the link's provider, or its kind.
  if (asset.poster) return <img className="media-thumb" src={asset.poster.url} alt="" loading="lazy" />;
  if (asset.kind !== 'image') return <span className="media-thumb media-thumb-file">{asset.embed?.providerName ?? asset.kind}</span>;
  const small = asset.variants.find((v) => v.width >= 300 && v.format !== 'webp') ?? asset.variants[0];
  return <img className="media-thumb" src={small?.url ?? asset.url} alt={asset.alt} loading="lazy" />;
}

/** A video's or track's length (m:ss) and provider, and why its file could not be read. */
function MediaFacts({ asset }: { asset: MediaAsset }) {
  if (asset.kind !== 'video' && asset.kind !== 'audio') return null;
  return (
    <>
      {asset.durationText && (
        <span className="media-duration">
          {' · '}
          <span className="visually-hidden">Length </span>
          {asset.durationText}
        </span>
      )}
      {asset.embed && <span> · {asset.embed.providerName}</span>}
      {asset.processingError && <span className="field-error"> {asset.processingError}</span>}
    </>
  );
}

function usedText(n: number): string {
  return n === 0 ? 'Not used' : n === 1 ? 'Used in 1 place' : `Used in ${n} places`;
}

function AssetEntry({ asset, onEdit, onAskDelete }: { asset: MediaAsset; onEdit(a: MediaAsset): void; onAskDelete(a: MediaAsset): void }) {
  return (
    <li className="media-asset">
      <Thumb asset={asset} />
      <span className="media-name">{asset.name}</span>
      <span className="media-meta">
        {asset.sizeText}
        {asset.width && asset.height ? `, ${asset.width} × ${asset.height}` : ''} · {usedText(asset.useCount)}
        <MediaFacts asset={asset} />
      </span>
      <span className="media-actions">
        <button type="button" className="button-secondary" onClick={() => onEdit(asset)}>
          Edit {asset.name}
        </button>
        <button type="button" className="button-secondary" onClick={() => onAskDelete(asset)}>
          Delete {asset.name}
        </button>
      </span>
    </li>
  );
}

const STEP = 0.05;
const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));

/** The focal point, set by a click on the image or with the arrow keys. */
function FocalPicker({ asset, value, onChange }: { asset: MediaAsset; value: { x: number; y: number } | null; onChange(p: { x: number; y: number }): void }) {
  const point = value ?? { x: 0.5, y: 0.5 };
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };
  const key = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ x: clamp(point.x + move[0]), y: clamp(point.y + move[1]) });
  };
  return (
    <div className="field">
      <span id="focal-label">Focal point</span>
      <button type="button" className="media-focal" aria-labelledby="focal-label" aria-describedby="focal-value" onClick={click} onKeyDown={key}>
        <img src={asset.url} alt="" />
        <span className="media-focal-dot" style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }} />
      </button>
      <span id="focal-value">
        {Math.round(point.x * 100)}% from the left, {Math.round(point.y * 100)}% from the top (click the image, or use the arrow keys)
      </span>
    </div>
  );
}

function EditDialog({
  editing,
  onSave,
  onClose,
  onReplace,
  posterPanel,
}: {
  editing: Editing;
  onSave(a: MediaAsset, c: Changes): void;
  onClose(): void;
  onReplace: ReplaceHandler;
  posterPanel?(asset: MediaAsset): ReactNode;
}) {
  const { asset, errors } = editing;
  const [name, setName] = useState(asset.name);
  const [alt, setAlt] = useState(asset.alt);
  const [title, setTitle] = useState(asset.title);
  const [focal, setFocal] = useState(asset.focalPoint);
  return (
    <Dialog open title={`Edit ${asset.name}`} onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(asset, { name, alt, title, focalPoint: focal });
        }}>
        <div className="field">
          <label htmlFor="media-name">Name</label>
          <input
            id="media-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? 'media-name-error' : undefined}
          />
          {errors.name && (
            <span id="media-name-error" className="field-error">
              {errors.name}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="media-alt">Alt text</label>
          <textarea id="media-alt" value={alt} onChange={(e) => setAlt(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="media-title">Title</label>
          <input id="media-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        {asset.kind === 'image' && <FocalPicker asset={asset} value={focal} onChange={setFocal} />}
        <ReplaceFile asset={asset} uses={editing.uses} onReplace={onReplace} />
        {(asset.kind === 'video' || asset.kind === 'audio') && posterPanel?.(asset)}
        <button type="submit">Save</button>
        <button type="button" className="button-secondary" onClick={onClose}>
          Cancel
        </button>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ deleting, onDelete, onClose }: { deleting: Deleting; onDelete(a: MediaAsset, force: boolean): void; onClose(): void }) {
  const { asset, uses } = deleting;
  return (
    <Dialog open title={`Delete ${asset.name}?`} onClose={onClose}>
      {uses.length === 0 ? (
        <p>It is not used on the site. It cannot be brought back.</p>
      ) : (
        <>
          <p>It is used in these places; deleting it removes it from them too:</p>
          <ul>
            {uses.map((u) => (
              <li key={`${u.kind}:${u.id}`}>
                {u.title} ({u.kind})
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="button-danger" onClick={() => onDelete(asset, uses.length > 0)}>
        {uses.length === 0 ? 'Delete' : 'Delete and remove from these places'}
      </button>
      <button type="button" className="button-secondary" data-autofocus onClick={onClose}>
        Keep it
      </button>
    </Dialog>
  );
}

export function MediaView(props: MediaViewProps) {
  const { state, filter, layout, uploads, notice, editing, deleting } = props;
  return (
    <div className="media-page">
      <DropZone onFiles={props.onFiles} />
      {props.linkForm}
      <Uploads uploads={uploads} onRetry={props.onRetry} />
      <div className={`status${notice?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
        {state.status === 'loading' ? 'Loading…' : (notice?.text ?? '')}
      </div>
      <form className="media-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="media-search">Search</label>
          <input id="media-search" type="search" value={filter.q} onChange={(e) => props.onFilter({ ...filter, q: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="media-kind">Kind</label>
          <select id="media-kind" value={filter.kind} onChange={(e) => props.onFilter({ ...filter, kind: e.target.value as MediaKind | '' })}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <div className="media-layout" role="group" aria-label="Show as">
          <button type="button" className="button-secondary" aria-pressed={layout === 'grid'} onClick={() => props.onLayout('grid')}>
            Grid
          </button>
          <button type="button" className="button-secondary" aria-pressed={layout === 'list'} onClick={() => props.onLayout('list')}>
            List
          </button>
        </div>
      </form>
      {state.status === 'error' && (
        <p className="status-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && state.assets.length === 0 && <p>No files match.</p>}
      {state.status === 'ready' && state.assets.length > 0 && (
        <ul className={layout === 'grid' ? 'media-grid' : 'media-list'} aria-label="Files">
          {state.assets.map((asset) => (
            <AssetEntry key={asset.id} asset={asset} onEdit={props.onEdit} onAskDelete={props.onAskDelete} />
          ))}
        </ul>
      )}
      {state.status === 'ready' && state.nextCursor && (
        <button type="button" className="button-secondary" onClick={props.onMore}>
          Show more files
        </button>
      )}
      {editing && (
        <EditDialog
          key={editing.asset.id}
          editing={editing}
          onSave={props.onSave}
          onClose={props.onCloseEdit}
          onReplace={props.onReplace}
          posterPanel={props.posterPanel}
        />
      )}
      {deleting && <DeleteDialog deleting={deleting} onDelete={props.onDelete} onClose={props.onCloseDelete} />}
    </div>
  );
}
