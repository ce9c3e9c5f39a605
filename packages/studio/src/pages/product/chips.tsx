// Tags or categories as chips: add one, rename one in place, remove one. The spec's messages hold:
// adding (or renaming to) a value the product already has says "This tag already exists"; opening a
// second chip while one is being edited says "You may only edit one tag at a time"; a value longer
// than the limit (50 for tags, 25 for categories) is refused with core's limit message.
import { CONTENT_LIMITS, checkContentLimits } from '@tessera/core/constants';
import { EDITOR_VALIDATION_MESSAGES, fillMessage } from '@tessera/core/validation';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';

type TagType = 'tag' | 'category';

export interface ChipsProps {
  type: TagType;
  /** The field's path, for its id and its server errors (`item.tags`). */
  path: string;
  label: string;
  values: readonly string[];
  /** Values other products use, offered as the owner types. */
  known: readonly string[];
  error?: string;
  onChange(values: string[]): void;
}

const idOf = (path: string) => `f-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

function tagMessage(which: 'tagExists' | 'editOneTag', type: TagType): string {
  return fillMessage(EDITOR_VALIDATION_MESSAGES[which], { tagType: type });
}

/** What is wrong with `value` as a new tag (or category) of `values` (`except`: the one being renamed), or ''. */
function checkTag(type: TagType, value: string, values: readonly string[], except = -1): string {
  if (!value) return '';
  const limit = checkContentLimits(type === 'tag' ? { tags: [value] } : { categories: [value] });
  if (limit[0]) return limit[0];
  if (values.some((v, i) => i !== except && v.toLowerCase() === value.toLowerCase())) return tagMessage('tagExists', type);
  return '';
}

export function Chips({ type, path, label, values, known, error, onChange }: ChipsProps) {
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const [message, setMessage] = useState('');
  const id = idOf(path);
  // The field of the value opened for editing takes the focus once it is drawn.
  const editField = useRef<HTMLInputElement>(null);
  const editingIndex = editing?.index ?? -1;
  useEffect(() => {
    if (editingIndex >= 0) editField.current?.focus();
  }, [editingIndex]);
  const max = type === 'tag' ? CONTENT_LIMITS.tagLength : CONTENT_LIMITS.categoryLength;
  const noun = type === 'tag' ? 'tag' : 'category';
  const shown = message || error || '';

  const add = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    const problem = checkTag(type, value, values);
    setMessage(problem);
    if (problem) return;
    onChange([...values, value]);
    setText('');
  };
  const startEdit = (index: number) => {
    if (editing && editing.index !== index) return setMessage(tagMessage('editOneTag', type));
    setMessage('');
    setEditing({ index, text: values[index]! });
  };
  const finishEdit = () => {
    if (!editing) return;
    const value = editing.text.trim();
    const problem = value ? checkTag(type, value, values, editing.index) : '';
    setMessage(problem);
    if (problem) return;
    onChange(value ? values.map((v, i) => (i === editing.index ? value : v)) : values.filter((_, i) => i !== editing.index));
    setEditing(null);
  };
  const listId = `${id}-known`;
  return (
    <fieldset className="chips field-wide" aria-describedby={shown ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {values.length === 0 ? (
        <p className="hint">No {type === 'tag' ? 'tags' : 'categories'} yet.</p>
      ) : (
        <ul className="chip-list">
          {values.map((value, i) =>
            editing?.index === i ? (
              <li key={`edit-${value}`} className="chip chip-editing">
                <label className="visually-hidden" htmlFor={`${id}-edit`}>
                  Rename {noun} {value}
                </label>
                <input
                  id={`${id}-edit`}
                  value={editing.text}
                  maxLength={max + 20}
                  ref={editField}
                  onChange={(e) => setEditing({ index: i, text: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      finishEdit();
                    } else if (e.key === 'Escape') {
                      e.preventDefault();
                      setEditing(null);
                      setMessage('');
                    }
                  }}
                />
                <button type="button" className="button-secondary" onClick={finishEdit}>
                  Done
                </button>
              </li>
            ) : (
              <li key={value} className="chip">
                <button type="button" className="chip-name" onClick={() => startEdit(i)} aria-label={`Edit ${noun} ${value}`}>
                  {value}
                </button>
                <button type="button" className="chip-remove" onClick={() => onChange(values.filter((_, j) => j !== i))} aria-label={`Remove ${noun} ${value}`}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <div className="chip-add">
        <label htmlFor={id}>Add a {noun}</label>
        <span className="chip-add-row">
          <input
            id={id}
            list={listId}
            value={text}
            maxLength={max + 20}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') add(e);
            }}
          />
          <button type="button" className="button-secondary" onClick={add}>
            Add
          </button>
        </span>
        <datalist id={listId}>
          {known
            .filter((k) => !values.includes(k))
            .map((k) => (
              <option key={k} value={k} />
            ))}
        </datalist>
        <span className="field-hint" id={`${id}-hint`}>
          At most {max} characters. Select a {noun} to rename it.
        </span>
        <span className="field-error" id={`${id}-error`} role="alert">
          {shown}
        </span>
      </div>
    </fieldset>
  );
}
