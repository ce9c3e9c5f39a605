// The three lists as one tree, dragged with dnd-kit: a node moves within its list, to another list,
// or into a folder (not a folder into a folder). The keyboard sensor picks a node up with Space,
// moves it with the arrows and drops it with Space, with spoken announcements; every move is also
// a button of the node's actions.
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { LIST_NAMES, type Lists, type PageNode } from './calls.js';
import { type NodeAction, NodeRow, dragId } from './node-row.js';
import { type Container, LIST_LABELS, containerLabel, nodesIn } from './tree-ops.js';

export interface TreeViewProps {
  lists: Lists;
  busy: boolean;
  onMove(from: Container, key: string, to: Container, index: number): void;
  onAction(action: NodeAction, node: PageNode, container: Container, index: number): void;
}

function parseId(id: string | number): { container: Container; key: string } {
  const text = String(id);
  const i = text.lastIndexOf('|');
  return { container: text.slice(0, i) as Container, key: text.slice(i + 1) };
}

/**
 * An empty list or folder: the one place to drop into it. Lists with nodes are dropped into on their
 * nodes only, so that the keyboard's arrows go from node to node.
 */
function EmptyPlace({ container, busy }: { container: Container; busy: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: dragId(container, ''), disabled: busy });
  return (
    <li ref={setNodeRef} className={`page-list-empty${isOver ? ' drop-over' : ''}`}>
      {container.includes('>') ? 'Empty folder' : 'Nothing here yet'}
    </li>
  );
}

/** A list or a folder's children: sortable nodes, and a place to drop into when it is empty. */
function NodeList({
  lists,
  container,
  busy,
  onAction,
  label,
}: { lists: Lists; container: Container; busy: boolean; label: string } & Pick<TreeViewProps, 'onAction'>) {
  const nodes = nodesIn(lists, container) ?? [];
  return (
    <SortableContext items={nodes.map((n) => dragId(container, n.key))} strategy={verticalListSortingStrategy}>
      <ul className="page-list" aria-label={label}>
        {nodes.map((node, i) => (
          <NodeRow key={node.key} node={node} container={container} index={i} last={i === nodes.length - 1} busy={busy} onAction={onAction}>
            {node.kind === 'folder' && !container.includes('>') && (
              <NodeList lists={lists} container={`${container}>${node.key}` as Container} busy={busy} onAction={onAction} label={`In ${node.title}`} />
            )}
          </NodeRow>
        ))}
        {nodes.length === 0 && <EmptyPlace container={container} busy={busy} />}
      </ul>
    </SortableContext>
  );
}

export function TreeView({ lists, busy, onMove, onAction }: TreeViewProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: string | number) => {
    const { container, key } = parseId(id);
    return nodesIn(lists, container)?.find((n) => n.key === key)?.title ?? '';
  };
  const placeOf = (id: string | number) => {
    const { container, key } = parseId(id);
    return key === '' ? containerLabel(lists, container) : `${titleOf(id)} in ${containerLabel(lists, container)}`;
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = parseId(active.id);
    const to = parseId(over.id);
    const target = nodesIn(lists, to.container) ?? [];
    const index = to.key === '' ? target.length : target.findIndex((n) => n.key === to.key);
    onMove(from.container, from.key, to.container, index < 0 ? target.length : index);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a page, press Space, move it with the arrow keys, then press Space again to drop it or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
          onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${placeOf(over.id)}.` : `${titleOf(active.id)} is no longer over a place.`),
          onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped at ${placeOf(over.id)}.` : `${titleOf(active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
        },
      }}>
      {LIST_NAMES.map((list) => (
        <section key={list} className="card page-tree-section" aria-labelledby={`list-${list}`}>
          <h2 id={`list-${list}`}>{LIST_LABELS[list]}</h2>
          {list === 'notLinked' && <p className="section-note">Pages in no menu: visitors reach them by their address only.</p>}
          <NodeList lists={lists} container={list} busy={busy} onAction={onAction} label={LIST_LABELS[list]} />
        </section>
      ))}
    </DndContext>
  );
}
