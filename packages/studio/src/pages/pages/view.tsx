// The pages page, drawn from props only (page.tsx holds the state and calls the API): the Add menu,
// the tree of the three lists, what the last action did (aria-live), and the dialogs.
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import { AddDialog, ADD_LABELS } from './add-dialog.js';
import type { AddKind, Lists, NewNode, PageNode, PageSettings, SettingsChange } from './calls.js';
import { MoveDialog } from './move-dialog.js';
import type { NodeAction } from './node-row.js';
import { type ImagesState, SettingsDialog } from './settings-dialog.js';
import type { Container } from './tree-ops.js';
import { TreeView } from './tree-view.js';
import { ErrorBox } from '../../ui/error-box.js';

export type PagesState = { status: 'loading' } | { status: 'ready'; lists: Lists } | { status: 'error'; message: string };

/** The dialog open now, if any. */
export type Open =
  | { kind: 'add'; add: AddKind }
  | { kind: 'settings'; settings: PageSettings }
  | { kind: 'move'; node: PageNode; from: Container }
  | { kind: 'delete'; node: PageNode };

export interface PagesViewProps {
  state: PagesState;
  notice: { kind: 'ok' | 'error'; text: string } | null;
  busy: boolean;
  open: Open | null;
  fieldErrors: Readonly<Record<string, string>>;
  images: ImagesState;
  canPickImages: boolean;
  onOpen(open: Open | null): void;
  onAction(action: NodeAction, node: PageNode, container: Container, index: number): void;
  onMove(from: Container, key: string, to: Container, index?: number): void;
  onAdd(node: NewNode): void;
  onSaveSettings(key: string, change: SettingsChange): void;
  onDelete(node: PageNode): void;
  onLoadImages(): void;
  onRetry(): void;
}

function AddMenu({ onChoose }: { onChoose(kind: AddKind): void }) {
  const [open, setOpen] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the menu's buttons closes it; the keys come from the focused button inside
    <div
      className="add-menu"
      onBlur={(e) => {
        // A click or Tab elsewhere closes the menu.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Add
      </button>
      {open && (
        <div className="node-menu card" role="group" aria-label="Add">
          {(Object.keys(ADD_LABELS) as AddKind[]).map((kind, i) => (
            <button
              key={kind}
              ref={i === 0 ? first : undefined}
              type="button"
              className="button-secondary"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                onChoose(kind);
              }}>
              {ADD_LABELS[kind]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export function PagesView(props: PagesViewProps) {
  const { state, notice, busy, open, fieldErrors, images, canPickImages } = props;
  return (
    <div className="pages-page">
      <div className="pages-toolbar">
        <p className="section-note">Drag pages to reorder them, move them between lists or into folders, or use each page’s Actions.</p>
        {state.status === 'ready' && <AddMenu onChoose={(add) => props.onOpen({ kind: 'add', add })} />}
      </div>
      <div className={`status${notice?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
        {state.status === 'loading' ? 'Loading…' : (notice?.text ?? '')}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={props.onRetry} />}
      {state.status === 'ready' && (
        <>
          <TreeView lists={state.lists} busy={busy} onMove={props.onMove} onAction={props.onAction} />
          {open?.kind === 'add' && (
            <AddDialog kind={open.add} lists={state.lists} errors={fieldErrors} busy={busy} onAdd={props.onAdd} onClose={() => props.onOpen(null)} />
          )}
          {open?.kind === 'settings' && (
            <SettingsDialog
              settings={open.settings}
              errors={fieldErrors}
              busy={busy}
              images={images}
              canPickImages={canPickImages}
              onLoadImages={props.onLoadImages}
              onSave={(change) => props.onSaveSettings(open.settings.key, change)}
              onClose={() => props.onOpen(null)}
            />
          )}
          {open?.kind === 'move' && (
            <MoveDialog
              node={open.node}
              from={open.from}
              lists={state.lists}
              onMove={(to) => props.onMove(open.from, open.node.key, to)}
              onClose={() => props.onOpen(null)}
            />
          )}
          {open?.kind === 'delete' && (
            <Dialog open title={`Delete “${open.node.title}”?`} onClose={() => props.onOpen(null)}>
              <p>
                {open.node.kind === 'link'
                  ? 'The link leaves the navigation.'
                  : open.node.kind === 'folder'
                    ? 'The folder is deleted; it must be empty.'
                    : 'The page and everything on it are deleted, for visitors too. This cannot be undone.'}
              </p>
              <div className="actions">
                <button type="button" className="button-danger" disabled={busy} onClick={() => props.onDelete(open.node)}>
                  Delete
                </button>
                {/* The safe answer has the focus: Enter alone deletes nothing. */}
                <button type="button" className="button-secondary" onClick={() => props.onOpen(null)} data-autofocus>
                  Cancel
                </button>
              </div>
            </Dialog>
          )}
        </>
      )}
    </div>
  );
}
