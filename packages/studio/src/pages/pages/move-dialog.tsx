// "Move to…": a node moved to the end of another list or folder, chosen from a list of places.
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import type { Lists, PageNode } from './calls.js';
import { Field } from './fields.js';
import { type Container, containerLabel, containers, refusal } from './tree-ops.js';

export interface MoveDialogProps {
  node: PageNode;
  from: Container;
  lists: Lists;
  onMove(to: Container): void;
  onClose(): void;
}

export function MoveDialog({ node, from, lists, onMove, onClose }: MoveDialogProps) {
  const places = containers(lists).filter((c) => c !== from && c !== `${from.split('>')[0]}>${node.key}` && !refusal(lists, node, from, c));
  const [to, setTo] = useState<Container | ''>(places[0] ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (to) onMove(to);
  };
  return (
    <Dialog open title={`Move “${node.title}”`} onClose={onClose}>
      <form className="dialog-form" onSubmit={submit}>
        {places.length === 0 ? (
          <p>There is nowhere else this can go.</p>
        ) : (
          <Field id="move-to" label="Move to" hint={`Now in ${containerLabel(lists, from)}. It goes at the end of the place you choose.`}>
            {(d) => (
              <select id="move-to" value={to} onChange={(e) => setTo(e.target.value as Container)} aria-describedby={d}>
                {places.map((c) => (
                  <option key={c} value={c}>
                    {containerLabel(lists, c)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <div className="actions">
          <button type="submit" disabled={!to}>
            Move
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
