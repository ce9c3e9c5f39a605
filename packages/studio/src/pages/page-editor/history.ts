// Undo and redo: the document's states, newest last. Keystrokes in one field within a moment of
// each other make one state (undo takes back the word, not each letter); any other change, an undo
// or a redo starts a new one.

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The field the last change came from, and when: the next change of the same field joins it. */
  readonly group: { readonly key: string; readonly at: number } | null;
}

/** Undo keeps this many states; older ones are dropped. */
const HISTORY_LIMIT = 200;
/** Changes of one field this close together are one step. */
const COALESCE_MS = 1000;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], group: null };
}

/** The next state; `key` names the field that changed, for changes that may join the last one. */
export function record<T>(h: History<T>, next: T, key?: string, now = Date.now()): History<T> {
  if (next === h.present) return h;
  if (key && h.group && h.group.key === key && now - h.group.at < COALESCE_MS) {
    return { ...h, present: next, future: [], group: { key, at: now } };
  }
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [], group: key ? { key, at: now } : null };
}

export function undo<T>(h: History<T>): History<T> {
  const previous = h.past.at(-1);
  if (previous === undefined) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future], group: null };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest, group: null };
}
