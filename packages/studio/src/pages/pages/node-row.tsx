// One node of the tree: its drag handle, its title (a page links to its editor), its badges, and its
// actions behind one button (settings, move up, move down, move to…, hide or show, delete), so that
// everything dragging does is also a button away for the keyboard.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { StatusBadge } from '../../ui/status-badge.js';
import type { PageNode } from './calls.js';
import { type Container, editorUrl } from './tree-ops.js';

export type NodeAction = 'settings' | 'up' | 'down' | 'moveTo' | 'hide' | 'show' | 'delete';

export interface NodeRowProps {
  node: PageNode;
  container: Container;
  index: number;
  last: boolean;
  busy: boolean;
  onAction(action: NodeAction, node: PageNode, container: Container, index: number): void;
  children?: ReactNode;
}

const KIND_LABELS: Record<string, string> = {
  page: 'Page',
  blog: 'Blog',
  events: 'Events',
  products: 'Store',
  gallery: 'Gallery',
  lessons: 'Lessons',
  folder: 'Folder',
};

function kindLabel(node: PageNode): string {
  if (node.kind === 'link') return 'Link';
  return KIND_LABELS[node.typeName ?? node.kind] ?? 'Folder';
}

export const dragId = (container: Container, key: string) => `${container}|${key}`;

function Actions({ node, container, index, last, busy, onAction }: Omit<NodeRowProps, 'children'>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [open]);
  const run = (action: NodeAction) => {
    setOpen(false);
    // Actions that open a dialog give the focus back to the menu button when it closes.
    button.current?.focus();
    onAction(action, node, container, index);
  };
  const item = (action: NodeAction, label: string, disabled = false, danger = false) => (
    <button type="button" className={danger ? 'button-danger' : 'button-secondary'} disabled={disabled || busy} onClick={() => run(action)}>
      {label}
    </button>
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from the menu's buttons closes it; the keys come from the focused button inside
    <div
      className="node-actions"
      onBlur={(e) => {
        // A click or Tab elsewhere closes the menu.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}>
      <button
        ref={button}
        type="button"
        className="button-secondary"
        aria-expanded={open}
        aria-label={`Actions for ${node.title}`}
        onClick={() => setOpen((o) => !o)}>
        Actions
      </button>
      {open && (
        <div ref={menu} className="node-menu card" role="group" aria-label={`Actions for ${node.title}`}>
          {item('settings', 'Settings')}
          {item('up', 'Move up', index === 0)}
          {item('down', 'Move down', last)}
          {item('moveTo', 'Move to…')}
          {node.hidden ? item('show', 'Show in navigation') : item('hide', 'Hide from navigation')}
          {item('delete', 'Delete', node.isHome, true)}
        </div>
      )}
    </div>
  );
}

export function NodeRow(props: NodeRowProps) {
  const { node, container, busy, children } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: dragId(container, node.key),
    disabled: busy,
  });
  const style = { transform: CSS.Translate.toString(transform), transition };
  // A page opens its editor; a blog or an events list opens the list of its posts or events.
  const editor =
    editorUrl(node) ??
    (node.kind === 'collection' && (node.typeName === 'blog' || node.typeName === 'events') && node.collectionId
      ? `/config/pages/collections/${encodeURIComponent(node.collectionId)}`
      : null);
  return (
    <li ref={setNodeRef} style={style} className={`page-node${isDragging ? ' dragging' : ''}${node.hidden ? ' page-node-hidden' : ''}`} data-key={node.key}>
      <div className="page-node-row">
        <button
          type="button"
          className="drag-handle button-secondary"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${node.title}`}>
          <span aria-hidden="true">⠿</span>
        </button>
        <div className="page-node-title">
          {editor ? <a href={editor}>{node.title}</a> : <span>{node.title}</span>}
          <span className="page-node-meta">
            {kindLabel(node)}
            {node.kind === 'link' ? ` · ${node.url}` : node.url ? ` · ${node.url}` : ''}
          </span>
        </div>
        <div className="page-node-badges">
          {node.isHome && <StatusBadge tone="good">Home</StatusBadge>}
          {node.statusLabel && (
            <StatusBadge tone={node.status === 'scheduled' ? 'warn' : 'neutral'} label="Status">
              {node.statusLabel}
            </StatusBadge>
          )}
          {node.hidden && <StatusBadge tone="neutral">Hidden</StatusBadge>}
        </div>
        <Actions {...props} />
      </div>
      {children}
    </li>
  );
}
