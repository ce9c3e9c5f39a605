// Autosave: the draft is saved about a second after the last change, with the revision it was
// based on. Saves never overlap (a change made during one is saved after it), and a 409 stops them
// until the owner has chosen: the document in the window is never replaced without being asked.
import { readLayout } from '@tessera/core/layout';
import { useCallback, useEffect, useRef, useState } from 'react';
import { signInAgain } from '../../session.js';
import type { ContentCalls, ContentDocument } from './calls.js';

const AUTOSAVE_MS = 1000;

export type SaveState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'pending' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved' }
  | { readonly kind: 'error'; readonly message: string };

export interface ServerProblems {
  /** The document the server found them in: paths name places in it. */
  readonly doc: ContentDocument;
  readonly fieldErrors: Readonly<Record<string, string>>;
}

/** The errors the layout's own checks find before anything is sent (path -> message). */
export function localProblems(doc: ContentDocument): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of readLayout({ sections: doc.sections }).problems) if (p.level === 'error' && !out[p.path]) out[p.path] = p.message;
  return out;
}

export function useAutosave(opts: { calls: ContentCalls; itemId: string; doc: ContentDocument | null; onConflict(message: string): void }) {
  const { calls, itemId, doc, onConflict } = opts;
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [server, setServer] = useState<ServerProblems | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const revision = useRef<number | null>(null);
  const saved = useRef<ContentDocument | null>(null);
  const latest = useRef<ContentDocument | null>(doc);
  latest.current = doc;
  const running = useRef<Promise<void> | null>(null);
  const blocked = useRef(false);
  const conflict = useRef(onConflict);
  conflict.current = onConflict;

  /** What the store holds now, after a load, a restore or a reload: nothing to save. */
  const settle = useCallback((document: ContentDocument, rev: number | null) => {
    saved.current = document;
    revision.current = rev;
    blocked.current = false;
    setServer(null);
  }, []);

  const saveOnce = useCallback(async () => {
    const current = latest.current;
    if (!current || current === saved.current || blocked.current) return;
    const local = localProblems(current);
    if (Object.keys(local).length > 0) {
      setState({ kind: 'error', message: 'Not saved: correct the marked settings.' });
      return;
    }
    setState({ kind: 'saving' });
    const answer = await calls.saveDraft(itemId, revision.current, current);
    if (answer.ok) {
      revision.current = answer.data.revision;
      saved.current = current;
      setServer(null);
      setWarnings((answer.data.warnings ?? []).map((w) => w.message));
      setState(latest.current === current ? { kind: 'saved' } : { kind: 'pending' });
      return;
    }
    if (answer.status === 401) return signInAgain();
    if (answer.status === 409) {
      blocked.current = true;
      conflict.current(answer.serverMessage ?? answer.message);
      setState({ kind: 'error', message: 'Not saved: someone else saved a newer version.' });
      return;
    }
    if (answer.status === 400) setServer({ doc: current, fieldErrors: answer.fieldErrors });
    setState({ kind: 'error', message: `Not saved: ${answer.message}` });
  }, [calls, itemId]);

  /** Saves now what is not saved yet (before a publish), after any save under way. */
  const flush = useCallback(async () => {
    while (running.current) await running.current;
    const run = saveOnce();
    running.current = run;
    try {
      await run;
    } finally {
      running.current = null;
    }
  }, [saveOnce]);

  useEffect(() => {
    if (!doc || blocked.current) return;
    // Undone back to what the store holds: nothing to save.
    if (doc === saved.current) {
      setState((s) => (s.kind === 'pending' ? { kind: 'saved' } : s));
      return;
    }
    setState((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [doc, flush]);

  // Leaving with changes not yet saved asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (latest.current && latest.current !== saved.current) event.preventDefault();
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, []);

  return {
    state,
    server,
    warnings,
    revision,
    settle,
    flush,
    isSaved: () => latest.current === saved.current,
  };
}
