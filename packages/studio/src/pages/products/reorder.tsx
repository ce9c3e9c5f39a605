// A collection's products in its hand order, moved by dragging (dnd-kit, with its keyboard sensor:
// Space picks a row up, the arrows move it, Space drops it) or by the Move up / Move down buttons,
// which need no dragging at all. Each move is handed to the page, which saves the whole order.
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useState } from 'react';
import { HeadCells, ProductCells } from './cells.js';
import type { ProductSummary } from './types.js';

export interface ReorderProps {
  products: ProductSummary[];
  language: string;
  currency: string;
  busy: boolean;
  onOrder(products: ProductSummary[], moved: ProductSummary, place: number): void;
}

const title = (p: ProductSummary) => p.title || p.urlId;
const CSS_ESCAPE = (id: string) => id.replace(/["\\]/g, '\\$&');

export function ReorderTable({ products, language, currency, busy, onOrder }: ReorderProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  // The row moved in the page: its button keeps the focus (moving a node can drop it), or the other
  // button when this one no longer applies (the first row has no Move up).
  const [refocus, setRefocus] = useState<{ id: string; button: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const row = document.querySelector(`tr[data-product-id="${CSS_ESCAPE(refocus.id)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`button[data-move="${refocus.button}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`button[data-move="${refocus.button === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [refocus]);
  const move = (from: number, to: number, button?: 'up' | 'down') => {
    // A move made while the previous one is being saved waits: the saved order names every product.
    if (busy || to < 0 || to >= products.length || from === to) return;
    if (button) setRefocus({ id: products[from]!.id, button });
    onOrder(arrayMove(products, from, to), products[from]!, to + 1);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      products.findIndex((p) => p.id === active.id),
      products.findIndex((p) => p.id === over.id),
    );
  };
  const name = (id: string | number) => title(products.find((p) => p.id === id) ?? products[0]!);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a product, press Space, move it with the arrow keys, then press Space again to drop it or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
          onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${name(over.id)}.` : `${name(active.id)} is no longer over a place.`),
          onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped in the place of ${name(over.id)}.` : `${name(active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
        },
      }}>
      <div className="table-scroll">
        <table className="orders-table products-table products-reorder">
          <caption className="visually-hidden">Products in their order by hand</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <HeadCells />
            </tr>
          </thead>
          <SortableContext items={products.map((p) => p.id)} strategy={verticalListSortingStrategy}>
            <tbody>
              {products.map((p, i) => (
                <SortableRow key={p.id} p={p} index={i} last={i === products.length - 1} busy={busy} language={language} currency={currency} move={move} />
              ))}
            </tbody>
          </SortableContext>
        </table>
      </div>
    </DndContext>
  );
}

interface RowProps {
  p: ProductSummary;
  index: number;
  last: boolean;
  busy: boolean;
  language: string;
  currency: string;
  move(from: number, to: number, button?: 'up' | 'down'): void;
}

function SortableRow({ p, index, last, busy, language, currency, move }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: p.id, disabled: busy });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <tr ref={setNodeRef} style={style} className={isDragging ? 'dragging' : undefined} data-product-id={p.id}>
      <td className="order-cell">
        <div className="order-tools">
          <span className="order-place">{index + 1}</span>
          <button
            type="button"
            className="drag-handle button-secondary"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${title(p)}`}>
            <span aria-hidden="true">⠿</span>
          </button>
          <button type="button" className="button-secondary" data-move="up" disabled={index === 0} onClick={() => move(index, index - 1, 'up')}>
            Move up <span className="visually-hidden">{title(p)}</span>
          </button>
          <button type="button" className="button-secondary" data-move="down" disabled={last} onClick={() => move(index, index + 1, 'down')}>
            Move down <span className="visually-hidden">{title(p)}</span>
          </button>
        </div>
      </td>
      <ProductCells p={p} language={language} currency={currency} />
    </tr>
  );
}
