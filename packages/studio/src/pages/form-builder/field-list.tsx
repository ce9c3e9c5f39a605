// The Build step's field list: each field's drag handle (dnd-kit: the pointer, or Space and the arrows
// with spoken announcements), its title and type (selects it for the panel), and buttons for all that
// dragging does and more: Move up, Move down, Duplicate, Delete.
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { BuilderField } from './calls.js';
import { FIELD_TYPE_LABELS } from './fields.js';

export type FieldAction = 'up' | 'down' | 'duplicate' | 'delete';

export interface FieldListProps {
  readonly fields: readonly BuilderField[];
  readonly selected: number;
  /** Indexes of fields with an error, marked in the list. */
  readonly invalid: ReadonlySet<number>;
  onSelect(index: number): void;
  onMove(from: number, to: number): void;
  onAction(action: FieldAction, index: number): void;
}

const typeLabel = (type: string) => FIELD_TYPE_LABELS[type as keyof typeof FIELD_TYPE_LABELS] ?? type;
// dnd-kit ids are the positions: ids the owner is typing may be empty or repeated for a moment.
const dragId = (index: number) => `field-${index}`;
const indexOf = (id: string | number) => Number(String(id).slice('field-'.length));

function FieldRow({
  field,
  index,
  count,
  selected,
  invalid,
  onSelect,
  onAction,
}: Omit<FieldListProps, 'fields' | 'onMove' | 'selected' | 'invalid'> & {
  field: BuilderField;
  index: number;
  count: number;
  selected: boolean;
  invalid: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: dragId(index) });
  const name = field.title || field.id;
  const button = (action: FieldAction, label: string, disabled = false, danger = false) => (
    <button
      type="button"
      className={danger ? 'button-danger' : 'button-secondary'}
      disabled={disabled}
      aria-label={`${label}: ${name}`}
      onClick={() => onAction(action, index)}>
      {label}
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`builder-field${selected ? ' builder-field--selected' : ''}${isDragging ? ' dragging' : ''}`}>
      <button type="button" className="drag-handle button-secondary" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag ${name}`}>
        ⠿
      </button>
      <button type="button" className="builder-field-select" aria-pressed={selected} onClick={() => onSelect(index)}>
        <span className="builder-field-title">{name}</span>
        <span className="builder-field-type">
          {typeLabel(field.type)}
          {field.required === true && ', required'}
          {invalid && <span className="builder-field-invalid">, needs attention</span>}
        </span>
      </button>
      <span className="builder-field-actions">
        {button('up', 'Move up', index === 0)}
        {button('down', 'Move down', index === count - 1)}
        {button('duplicate', 'Duplicate')}
        {button('delete', 'Delete', count === 1, true)}
      </span>
    </li>
  );
}

export function FieldList({ fields, selected, invalid, onSelect, onMove, onAction }: FieldListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: string | number) => {
    const f = fields[indexOf(id)];
    return f ? f.title || f.id : 'The field';
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a field, press Space, move it with the arrow keys, then press Space again to drop it or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(active.id)} is at place ${indexOf(over.id) + 1} of ${fields.length}.` : `${titleOf(active.id)} is no longer over a place.`,
          onDragEnd: ({ active, over }) =>
            over ? `${titleOf(active.id)} dropped at place ${indexOf(over.id) + 1} of ${fields.length}.` : `${titleOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
        },
      }}>
      <SortableContext items={fields.map((_, i) => dragId(i))} strategy={verticalListSortingStrategy}>
        <ol className="builder-fields" aria-label="Fields">
          {fields.map((field, i) => (
            <FieldRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a field's place is its identity while its id is being typed
              key={i}
              field={field}
              index={i}
              count={fields.length}
              selected={i === selected}
              invalid={invalid.has(i)}
              onSelect={onSelect}
              onAction={onAction}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
