// The outline: the page's sections and their blocks as a tree. Arrow keys go from item to item,
// Alt+ArrowUp/Down moves the selected item, Delete asks to remove it, Enter goes to its settings;
// Space picks it up to drag with the arrow keys (dnd-kit's keyboard sensor, with spoken
// announcements), and the pointer drags it too.
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { BLOCK_KINDS, type LayoutBlock } from '@tessera/core/layout';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { ContentDocument } from './calls.js';
import type { Selection } from './doc.js';

export interface OutlineRow {
  readonly key: string;
  readonly sectionId: string;
  readonly blockId?: string;
  readonly label: string;
  readonly level: 1 | 2;
  readonly hasError: boolean;
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** What the outline says about a block beside its kind: its first words, its label, its source. */
function blockSummary(block: LayoutBlock): string {
  const s = block.settings as Record<string, unknown>;
  const first = ['label', 'title', 'alt', 'text', 'collection', 'form', 'product', 'image']
    .map((k) => s[k])
    .find((v) => typeof v === 'string' && v.trim() !== '');
  const text = block.kind === 'text' ? plain(String(s.html ?? '')) : String(first ?? '');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function outlineRows(doc: ContentDocument, errorIds: ReadonlySet<string>): OutlineRow[] {
  return doc.sections.flatMap((section, si) => [
    { key: `section:${section.id}`, sectionId: section.id, label: `Section ${si + 1}`, level: 1 as const, hasError: errorIds.has(section.id) },
    ...section.blocks.map((block) => {
      const summary = blockSummary(block);
      return {
        key: `block:${block.id}`,
        sectionId: section.id,
        blockId: block.id,
        label: `${BLOCK_KINDS[block.kind].label}${summary ? `: ${summary}` : ''}`,
        level: 2 as const,
        hasError: errorIds.has(block.id),
      };
    }),
  ]);
}

export interface OutlineProps {
  readonly rows: readonly OutlineRow[];
  readonly selection: Selection;
  onSelect(selection: Selection): void;
  onMove(by: -1 | 1): void;
  onDrop(activeKey: string, overKey: string): void;
  onDelete(): void;
  onOpenSettings(): void;
}

const keyOf = (s: Selection) => (s ? (s.block ? `block:${s.block}` : `section:${s.section}`) : '');

export function Outline({ rows, selection, onSelect, onMove, onDrop, onDelete, onOpenSettings }: OutlineProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const [dragging, setDragging] = useState(false);
  const selectedKey = keyOf(selection);
  const focusKey = rows.some((r) => r.key === selectedKey) ? selectedKey : rows[0]?.key;
  const tree = useRef<HTMLDivElement>(null);
  // Keyboard moves re-render the rows: the moved item keeps the focus.
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (!refocus) return;
    tree.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
  }, [refocus]);
  const name = (key: string | number) => rows.find((r) => r.key === key)?.label ?? 'The item';
  const select = (row: OutlineRow | undefined) => {
    if (!row) return;
    onSelect(row.blockId ? { section: row.sectionId, block: row.blockId } : { section: row.sectionId });
    setRefocus((n) => n + 1);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (dragging) return;
    const k = event.key;
    if (event.altKey && (k === 'ArrowUp' || k === 'ArrowDown')) {
      event.preventDefault();
      onMove(k === 'ArrowUp' ? -1 : 1);
      setRefocus((n) => n + 1);
    } else if (k === 'ArrowUp' || k === 'ArrowDown') {
      event.preventDefault();
      select(rows[index + (k === 'ArrowUp' ? -1 : 1)]);
    } else if (k === 'Home' || k === 'End') {
      event.preventDefault();
      select(k === 'Home' ? rows[0] : rows.at(-1));
    } else if (k === 'Delete' || k === 'Backspace') {
      event.preventDefault();
      onDelete();
    } else if (k === 'Enter') {
      event.preventDefault();
      onOpenSettings();
    } else return;
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(false);
    if (over && active.id !== over.id) onDrop(String(active.id), String(over.id));
    setRefocus((n) => n + 1);
  };
  if (rows.length === 0) return <p className="muted">This page is empty: add a section or a block.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => setDragging(true)}
      onDragCancel={() => setDragging(false)}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move an item, press Space, move it with the arrow keys, then press Space again to drop it or Escape to cancel. Alt with the up or down arrow moves it one place.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
          onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${name(over.id)}.` : `${name(active.id)} is no longer over a place.`),
          onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped in the place of ${name(over.id)}.` : `${name(active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
        },
      }}>
      <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
        <div ref={tree} role="tree" aria-label="Page outline" className="editor-outline">
          {rows.map((row, i) => (
            <OutlineItem
              key={row.key}
              row={row}
              selected={row.key === selectedKey}
              tabbable={row.key === focusKey}
              onClick={() => select(row)}
              // Selection follows the focus (a single-select tree): what has the focus is what the keys act on.
              onFocus={() => row.key !== selectedKey && onSelect(row.blockId ? { section: row.sectionId, block: row.blockId } : { section: row.sectionId })}
              onKeyDown={(e) => onKeyDown(e, i)}
            />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function OutlineItem({
  row,
  selected,
  tabbable,
  onClick,
  onFocus,
  onKeyDown,
}: {
  row: OutlineRow;
  selected: boolean;
  tabbable: boolean;
  onClick(): void;
  onFocus(): void;
  onKeyDown(e: KeyboardEvent): void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.key });
  return (
    <div
      ref={setNodeRef}
      role="treeitem"
      aria-level={row.level}
      aria-selected={selected}
      aria-roledescription={attributes['aria-roledescription']}
      aria-describedby={attributes['aria-describedby']}
      tabIndex={tabbable ? 0 : -1}
      data-outline-key={row.key}
      className={`outline-row outline-level-${row.level}${selected ? ' outline-selected' : ''}${isDragging ? ' outline-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...listeners}
      onClick={onClick}
      onFocus={onFocus}
      onKeyDown={(e) => {
        onKeyDown(e);
        if (!e.defaultPrevented) listeners?.onKeyDown?.(e);
      }}>
      <span className="drag-handle" aria-hidden="true">
        ⋮⋮
      </span>
      <span className="outline-label">{row.label}</span>
      {row.hasError && <span className="outline-error">Has an error</span>}
    </div>
  );
}
