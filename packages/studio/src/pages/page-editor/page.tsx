// The page editor: loads the item's content, keeps the document's history (undo and redo), the
// selection, the autosave, the presence of other editors and the publication, and draws EditorView.
import { type LayoutBlock, type LayoutSection, readLayout } from '@tessera/core/layout';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type Author, type Content, type ContentDocument, contentCalls, type Person, type Revision, type SiteChoices, siteChoices } from './calls.js';
import * as ops from './doc.js';
import { type History, record, redo, startHistory, undo } from './history.js';
import { outlineRows } from './outline.js';
import { localProblems, useAutosave } from './use-autosave.js';
import { EditorView } from './view.js';
import './page-editor.css';

export interface PageEditorContext extends StudioContext {
  readonly itemId: string;
  readonly timeZone?: string;
}

/** Presence is sent this often; the server counts an editor seen in the last 45 s. */
export const PRESENCE_MS = 15_000;

const isAndroid = () => typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);

/** The document of the content as the editor starts from it: the draft, else the published one, with every default filled. */
export function startingDocument(content: Content): ContentDocument {
  const from = content.draft?.document ?? content.published?.document ?? { title: content.title, excerpt: '', sections: [] };
  // A post's or an event's own fields come along as they are (item-fields.tsx edits them).
  return { ...from, title: from.title ?? content.title, excerpt: from.excerpt ?? '', sections: readLayout({ sections: from.sections ?? [] }).layout.sections };
}

export default function PageEditorPage({ context, api }: PageProps<PageEditorContext>) {
  const itemId = context.itemId;
  const timeZone = context.timeZone ?? 'UTC';
  const calls = useMemo(() => contentCalls(api), [api]);
  const [content, setContent] = useState<Content | null>(null);
  const [loadProblem, setLoadProblem] = useState('');
  const [hist, setHist] = useState<History<ContentDocument> | null>(null);
  const [selection, setSelection] = useState<ops.Selection>(null);
  const [announce, setAnnounce] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const [editors, setEditors] = useState<Person[]>([]);
  const [choices, setChoices] = useState<SiteChoices>({ collections: null, products: null, forms: null });
  const [status, setStatus] = useState<{ status: string; publishOn: string | number | null }>({ status: 'draft', publishOn: null });
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'picker' | 'delete' | 'schedule' | 'history' | null>(null);
  const [refused, setRefused] = useState('');
  const [publishProblem, setPublishProblem] = useState('');
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [historyProblem, setHistoryProblem] = useState('');
  const [authors, setAuthors] = useState<Author[] | null>(null);
  const doc = hist?.present ?? null;
  const autosave = useAutosave({ calls, itemId, doc, onConflict: setConflict });
  const settingsRef = useRef<HTMLDivElement>(null);

  const load = useCallback(
    async (keepHistory: boolean) => {
      const answer = await calls.read(itemId);
      if (!answer.ok) {
        if (answer.status === 401) return signInAgain();
        setLoadProblem(answer.status === 404 ? 'This page no longer exists.' : answer.message);
        return;
      }
      const c = answer.data;
      const start = startingDocument(c);
      setContent(c);
      setStatus({ status: c.status, publishOn: c.publishOn });
      setEditors(c.editors ?? []);
      // A change names the revision it was made from: the draft's, else the published version's
      // (none yet: null).
      autosave.settle(start, c.draft?.revision ?? c.published?.revision ?? null);
      // After a conflict the owner's own version stays one undo away.
      setHist((h) => (keepHistory && h ? record(h, start) : startHistory(start)));
    },
    [calls, itemId, autosave.settle],
  );

  useEffect(() => {
    void load(false);
    void siteChoices(api).then(setChoices);
  }, [load, api]);

  // A post's or an event's author is chosen among the site's staff.
  const kind = content?.kind;
  useEffect(() => {
    if (kind !== 'post' && kind !== 'event') return;
    void calls.authors().then((answer) => setAuthors(answer.ok ? answer.data.authors : []));
  }, [calls, kind]);

  // Presence: told now and every 15 s; the answer names the others editing this page.
  useEffect(() => {
    if (!content) return;
    const tell = async () => {
      const answer = await calls.presence(itemId);
      if (answer.ok) setEditors(answer.data.editors);
    };
    void tell();
    const timer = setInterval(tell, PRESENCE_MS);
    return () => clearInterval(timer);
  }, [calls, itemId, content]);

  const change = useCallback((next: ContentDocument, key?: string) => setHist((h) => (h ? record(h, next, key) : h)), []);

  const applyResult = (result: ReturnType<typeof ops.addBlock>, said: string) => {
    if (!doc) return false;
    if ('refused' in result) {
      setRefused(result.refused);
      setAnnounce(result.refused);
      return false;
    }
    change(result.doc);
    setSelection(result.selection);
    setAnnounce(said);
    return true;
  };

  const actions = {
    undo: () => {
      setHist((h) => (h ? undo(h) : h));
      setAnnounce('Undone.');
    },
    redo: () => {
      setHist((h) => (h ? redo(h) : h));
      setAnnounce('Redone.');
    },
    addSection: () => doc && applyResult(ops.addSection(doc, selection?.section), 'Section added.'),
    openPicker: () => {
      setRefused(doc ? (ops.blockLimitMessage(doc) ?? '') : '');
      setDialog('picker');
    },
    pick: (kind: LayoutBlock['kind']) => {
      if (!doc) return;
      if (applyResult(ops.addBlock(doc, kind, selection), 'Block added.')) setDialog(null);
    },
    duplicate: () => doc && applyResult(ops.duplicate(doc, selection), 'Duplicated.'),
    askDelete: () => selection && setDialog('delete'),
    remove: () => {
      if (!doc) return;
      const result = ops.remove(doc, selection);
      change(result.doc);
      setSelection(result.selection);
      setDialog(null);
      setAnnounce(selection?.block ? 'Block deleted.' : 'Section deleted.');
      // The deleted item had the focus: it goes to the item selected in its place.
      setTimeout(() => document.querySelector<HTMLElement>('.editor-outline [role="treeitem"][tabindex="0"]')?.focus(), 0);
    },
    move: (by: -1 | 1) => {
      if (!doc) return;
      const moved = ops.move(doc, selection, by);
      if (!moved) return setAnnounce(by < 0 ? 'Already the first.' : 'Already the last.');
      change(moved.doc);
      setAnnounce(`Moved to ${moved.place}.`);
    },
    drop: (activeKey: string, overKey: string) => {
      if (!doc) return;
      const [kind, id] = activeKey.split(':') as ['section' | 'block', string];
      const [overKind, overId] = overKey.split(':') as ['section' | 'block', string];
      const overSection = overKind === 'section' ? overId : ops.findBlock(doc, overId)?.section.id;
      if (!overSection) return;
      if (kind === 'section') {
        const moved = ops.moveSectionTo(
          doc,
          id,
          doc.sections.findIndex((s) => s.id === overSection),
        );
        if (moved === doc) return setAnnounce('Not moved.');
        change(moved);
        return setAnnounce('Section moved.');
      }
      const index = overKind === 'block' ? (ops.findBlock(doc, overId)?.index ?? 0) : 0;
      const moved = ops.moveBlockTo(doc, id, overSection, index);
      if (!moved) return setAnnounce('Not moved.');
      change(moved.doc);
      setSelection({ section: overSection, block: id });
      setAnnounce(`Moved to ${moved.place}.`);
    },
    changeSection: (section: LayoutSection, field: string) =>
      doc &&
      change(
        ops.updateSection(doc, section.id, () => section),
        `${section.id}.${field}`,
      ),
    changeBlock: (block: LayoutBlock, field: string) =>
      doc &&
      change(
        ops.updateBlock(doc, block.id, () => block),
        `${block.id}.${field}`,
      ),
    changePage: (next: ContentDocument, field: string, said?: string) => {
      change(next, `page.${field}`);
      if (said) setAnnounce(said);
    },
    openSettings: () => settingsRef.current?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"], button')?.focus(),
    publish: async (publishOn?: string) => {
      setBusy(true);
      setPublishProblem('');
      await autosave.flush();
      if (!autosave.isSaved()) {
        setBusy(false);
        setPublishProblem('Save the page before publishing it: correct what is marked.');
        setAnnounce('Not published.');
        return;
      }
      const answer = await calls.publish(itemId, autosave.revision.current, publishOn);
      setBusy(false);
      if (!answer.ok) {
        if (answer.status === 401) return signInAgain();
        if (answer.status === 409) setConflict(answer.serverMessage ?? answer.message);
        setPublishProblem(answer.message);
        setAnnounce(`Not published: ${answer.message}`);
        return;
      }
      // Publishing takes the draft: the next change starts a new one from the version just published.
      autosave.revision.current = answer.data.revision;
      setStatus({ status: answer.data.status, publishOn: answer.data.publishOn });
      setDialog(null);
      setAnnounce(answer.data.status === 'scheduled' ? 'Scheduled.' : 'Published.');
    },
    unpublish: async () => {
      setBusy(true);
      const answer = await calls.unpublish(itemId);
      setBusy(false);
      if (!answer.ok) {
        if (answer.status === 401) return signInAgain();
        setPublishProblem(answer.message);
        return;
      }
      setStatus({ status: answer.data.status, publishOn: null });
      setAnnounce('Unpublished: visitors no longer see this page.');
    },
    openHistory: async () => {
      setDialog('history');
      setRevisions(null);
      setHistoryProblem('');
      const answer = await calls.revisions(itemId);
      if (answer.ok) setRevisions(answer.data.revisions);
      else setHistoryProblem(answer.message);
    },
    restore: async (revision: number) => {
      await autosave.flush();
      const answer = await calls.restore(itemId, revision, autosave.revision.current);
      if (!answer.ok) {
        if (answer.status === 409) setConflict(answer.serverMessage ?? answer.message);
        setHistoryProblem(answer.message);
        return;
      }
      const restored = { ...answer.data.document, sections: readLayout({ sections: answer.data.document.sections }).layout.sections };
      autosave.settle(restored, answer.data.revision);
      setHist((h) => (h ? record(h, restored) : startHistory(restored)));
      setSelection(null);
      setDialog(null);
      setAnnounce(`Version ${revision} restored into the draft.`);
    },
    reload: async () => {
      setConflict(null);
      await load(true);
      setAnnounce('Reloaded the newest version. Undo brings yours back.');
    },
    keepMine: () => setConflict(null),
  };

  // Undo and redo from anywhere in the editor (not while a dialog asks something).
  const undoRedo = useRef(actions);
  undoRedo.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || document.querySelector('dialog[open]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undoRedo.current.undo();
      else if ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey)) undoRedo.current.redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const local = useMemo(() => (doc ? localProblems(doc) : {}), [doc]);
  const errors = useMemo(() => {
    if (!doc) return {};
    const fromServer = autosave.server ? ops.problemsById(autosave.server.doc, autosave.server.fieldErrors) : {};
    const fromHere = ops.problemsById(doc, local);
    const merged: Record<string, Record<string, string>> = { ...fromServer };
    for (const [id, map] of Object.entries(fromHere)) merged[id] = { ...merged[id], ...map };
    return merged;
  }, [doc, local, autosave.server]);
  const rows = useMemo(() => (doc ? outlineRows(doc, new Set(Object.keys(errors))) : []), [doc, errors]);

  if (loadProblem) {
    return (
      <p className="error-box" role="alert">
        {loadProblem}
      </p>
    );
  }
  if (!content || !doc || !hist) return <p role="status">Loading the page…</p>;
  return (
    <EditorView
      api={api}
      itemId={itemId}
      content={content}
      doc={doc}
      canUndo={hist.past.length > 0}
      canRedo={hist.future.length > 0}
      rows={rows}
      selection={selection}
      errors={errors}
      choices={choices}
      android={isAndroid()}
      save={autosave.state}
      warnings={autosave.warnings}
      announce={announce}
      editors={editors}
      conflict={conflict}
      status={status}
      busy={busy}
      dialog={dialog}
      refused={refused}
      publishProblem={publishProblem}
      revisions={revisions}
      historyProblem={historyProblem}
      timeZone={timeZone}
      authors={authors}
      language={context.language}
      settingsRef={settingsRef}
      onSelect={setSelection}
      onCloseDialog={() => setDialog(null)}
      onOpenSchedule={() => setDialog('schedule')}
      actions={actions}
    />
  );
}
