// The pages page (/config/pages): PagesPage holds the tree and calls the API; PagesView draws. A move
// shows at once and is saved with the tree's revision; when someone else changed the tree in between
// (409), the tree is read again and the page says so.
import type { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type Lists, type NewNode, type PageNode, type SettingsChange, pageCalls } from './calls.js';
import type { NodeAction } from './node-row.js';
import type { ImagesState } from './settings-dialog.js';
import { type Container, LIST_LABELS, containerLabel, moveNode, nodesIn, refusal, setHidden, toRefs } from './tree-ops.js';
import { type Open, type PagesState, PagesView } from './view.js';

const PATH = '/config/pages';

export default function PagesPage({ context, api }: PageProps) {
  const calls = useMemo(() => pageCalls(api), [api]);
  const [state, setState] = useState<PagesState>({ status: 'loading' });
  const revision = useRef('');
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Open | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const [images, setImages] = useState<ImagesState>({ status: 'idle' });

  const load = useCallback(async () => {
    const answer = await calls.tree();
    if (answer.ok) {
      revision.current = answer.data.revision;
      const { main, footer, notLinked } = answer.data;
      setState({ status: 'ready', lists: { main, footer, notLinked } });
      return true;
    }
    if (answer.status === 401) signInAgain(PATH);
    else setState({ status: 'error', message: answer.message });
    return false;
  }, [calls]);

  useEffect(() => {
    setState({ status: 'loading' });
    void load();
  }, [load, attempt]);

  const failed = (error: ApiError) => {
    if (error.status === 401) return signInAgain(PATH);
    setNotice({ kind: 'error', text: error.message });
  };

  const lists = state.status === 'ready' ? state.lists : null;

  /** Shows the new tree at once and saves it; on a failure the tree is read again. */
  const arrange = async (next: Lists, said: string) => {
    const before = state;
    setState({ status: 'ready', lists: next });
    setBusy(true);
    try {
      const answer = await calls.arrange(revision.current, toRefs(next));
      if (answer.ok) {
        revision.current = answer.data.revision;
        setState({ status: 'ready', lists: { main: answer.data.main, footer: answer.data.footer, notLinked: answer.data.notLinked } });
        setNotice({ kind: 'ok', text: said });
        return;
      }
      if (answer.status === 409) {
        await load();
        setNotice({ kind: 'error', text: `${answer.message} Your last move was not saved.` });
        return;
      }
      setState(before);
      failed(answer);
    } finally {
      setBusy(false);
    }
  };

  const onMove = (from: Container, key: string, to: Container, index?: number) => {
    if (!lists || busy) return;
    const node = nodesIn(lists, from)?.find((n) => n.key === key);
    if (!node) return;
    const refused = refusal(lists, node, from, to);
    if (refused) return setNotice({ kind: 'error', text: refused });
    const next = moveNode(lists, from, key, to, index);
    if (!next) return;
    setOpen(null);
    const place = nodesIn(next, to)!.findIndex((n) => n.key === key) + 1;
    void arrange(next, `“${node.title}” moved to ${containerLabel(next, to)}, place ${place} of ${nodesIn(next, to)!.length}.`);
  };

  const onAction = (action: NodeAction, node: PageNode, container: Container, index: number) => {
    if (!lists) return;
    setFieldErrors({});
    switch (action) {
      case 'up':
      case 'down':
        return onMove(container, node.key, container, action === 'up' ? index - 1 : index + 1);
      case 'moveTo':
        return setOpen({ kind: 'move', node, from: container });
      case 'hide':
      case 'show':
        return void arrange(
          setHidden(lists, container, node.key, action === 'hide'),
          action === 'hide'
            ? `“${node.title}” is hidden from ${LIST_LABELS[container.split('>')[0] as 'main']}.`
            : `“${node.title}” shows in the navigation again.`,
        );
      case 'delete':
        return setOpen({ kind: 'delete', node });
      case 'settings':
        return void (async () => {
          const answer = await calls.settings(node.key);
          if (answer.ok) setOpen({ kind: 'settings', settings: answer.data });
          else failed(answer);
        })();
    }
  };

  const onAdd = async (node: NewNode) => {
    setBusy(true);
    try {
      const answer = await calls.add(node);
      if (!answer.ok) {
        setFieldErrors(answer.fieldErrors);
        return failed(answer);
      }
      setFieldErrors({});
      setOpen(null);
      await load();
      setNotice({ kind: 'ok', text: `“${answer.data.node.title}” was added to ${LIST_LABELS[node.in]}.` });
    } finally {
      setBusy(false);
    }
  };

  const onSaveSettings = async (key: string, change: SettingsChange) => {
    setBusy(true);
    try {
      const answer = await calls.saveSettings(key, change);
      if (!answer.ok) {
        setFieldErrors(answer.fieldErrors);
        return failed(answer);
      }
      setFieldErrors({});
      setOpen(null);
      await load();
      setNotice({ kind: 'ok', text: `Settings of “${answer.data.title}” saved.` });
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async (node: PageNode) => {
    setBusy(true);
    try {
      const answer = await calls.remove(node.key);
      setOpen(null);
      if (!answer.ok) return failed(answer);
      await load();
      setNotice({ kind: 'ok', text: `“${node.title}” was deleted.` });
    } finally {
      setBusy(false);
    }
  };

  const onLoadImages = async () => {
    setImages({ status: 'loading' });
    const answer = await calls.images();
    setImages(answer.ok ? { status: 'ready', images: answer.data.assets } : { status: 'error', message: answer.message });
  };

  return (
    <PagesView
      state={state}
      notice={notice}
      busy={busy}
      open={open}
      fieldErrors={fieldErrors}
      images={images}
      canPickImages={(context.permissions ?? []).includes('manageMedia')}
      onOpen={(next) => {
        setFieldErrors({});
        setOpen(next);
      }}
      onAction={onAction}
      onMove={onMove}
      onAdd={(node) => void onAdd(node)}
      onSaveSettings={(key, change) => void onSaveSettings(key, change)}
      onDelete={(node) => void onDelete(node)}
      onLoadImages={() => void onLoadImages()}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
