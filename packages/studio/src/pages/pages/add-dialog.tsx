// Adding a page, a cover page (its own layout: a full-screen image, a text and a button; its cover
// is filled in its settings), a blog, an events list, a folder (with its behaviour) or a link, to a list or a folder.
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import type { AddKind, Lists, NewNode } from './calls.js';
import { Field } from './fields.js';
import { type Container, containerLabel, containers, listOf } from './tree-ops.js';

export const ADD_LABELS: Record<AddKind, string> = { page: 'Page', cover: 'Cover page', blog: 'Blog', events: 'Events', folder: 'Folder', link: 'Link' };

export const FOLDER_BEHAVIORS = [
  { value: 1, label: 'Index: a page listing what the folder holds' },
  { value: 2, label: 'Redirect: opens the first page it holds' },
  { value: 3, label: 'None: a menu heading only' },
] as const;

export interface AddDialogProps {
  kind: AddKind;
  lists: Lists;
  errors: Readonly<Record<string, string>>;
  busy: boolean;
  onAdd(node: NewNode): void;
  onClose(): void;
}

export function AddDialog({ kind, lists, errors, busy, onAdd, onClose }: AddDialogProps) {
  const places = containers(lists).filter((c) => kind !== 'folder' || !c.includes('>'));
  const [place, setPlace] = useState<Container>('main');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const parent = place.includes('>') ? place.slice(place.indexOf('>') + 1) : undefined;
    onAdd({
      kind,
      title: text('title'),
      ...(kind === 'link' ? { url: text('url') } : text('urlId') ? { urlId: text('urlId') } : {}),
      ...(kind === 'folder' ? { folderBehavior: Number(data.get('folderBehavior') ?? 1) } : {}),
      in: listOf(place),
      ...(parent ? { parent } : {}),
    });
  };
  return (
    <Dialog open title={`Add ${ADD_LABELS[kind].toLowerCase()}`} onClose={onClose}>
      <form className="dialog-form" onSubmit={submit} noValidate>
        <Field id="add-title" label="Title" error={errors.title}>
          {(d, invalid) => <input id="add-title" name="title" required autoComplete="off" aria-describedby={d} aria-invalid={invalid} data-autofocus />}
        </Field>
        {kind === 'link' ? (
          <Field id="add-url" label="Link" error={errors.url} hint="A web address (https://…) or a path of this site (/shop).">
            {(d, invalid) => <input id="add-url" name="url" type="url" required autoComplete="off" aria-describedby={d} aria-invalid={invalid} />}
          </Field>
        ) : (
          <Field id="add-slug" label="URL slug (optional)" error={errors.urlId} hint="Letters, digits, - _ and . — made from the title when left empty.">
            {(d, invalid) => <input id="add-slug" name="urlId" autoComplete="off" aria-describedby={d} aria-invalid={invalid} />}
          </Field>
        )}
        {kind === 'folder' && (
          <Field id="add-behavior" label="Folder behaviour">
            {(d) => (
              <select id="add-behavior" name="folderBehavior" defaultValue="1" aria-describedby={d}>
                {FOLDER_BEHAVIORS.map((b) => (
                  <option key={b.value} value={b.value}>
                    {b.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field id="add-place" label="Where" error={errors.parent}>
          {(d, invalid) => (
            <select id="add-place" value={place} onChange={(e) => setPlace(e.target.value as Container)} aria-describedby={d} aria-invalid={invalid}>
              {places.map((c) => (
                <option key={c} value={c}>
                  {containerLabel(lists, c)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Adding…' : `Add ${ADD_LABELS[kind].toLowerCase()}`}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
