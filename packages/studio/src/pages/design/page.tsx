// The design page: reads the site's styles, keeps the unsaved changes (by dotted path) with their
// history for undo and redo, previews them in the frame as they are made, and saves, resets or
// switches the theme with the revision it read.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type History, record, redo, startHistory, undo } from '../page-editor/history.js';
import { type Changes, type Design, type DesignPreview, designCalls, type StyleValue } from './calls.js';
import type { FieldContext } from './fields.js';
import { postTweak, type Tweak } from './frame.js';
import type { Screen } from './panel.js';
import { differsFromDefault, screenValue, withChange } from './paths.js';
import { usePreview } from './use-preview.js';
import { type DesignDialog, DesignView } from './view.js';
import '../page-editor/page-editor.css';
import './design.css';

const NO_CHANGES: Changes = {};
const isPhone = () => typeof matchMedia === 'function' && matchMedia('(max-width: 432px)').matches;

export interface DesignContext extends StudioContext {
  /** The storefront's preview listener (docs/owner-area.md "The design page"); null when the storefront is not built. */
  readonly previewScript?: string | null;
}

export default function DesignPage({ context, api }: PageProps<DesignContext>) {
  const calls = useMemo(() => designCalls(api), [api]);
  const [design, setDesign] = useState<Design | null>(null);
  const [loadProblem, setLoadProblem] = useState('');
  const [hist, setHist] = useState<History<Changes>>(() => startHistory(NO_CHANGES));
  const [saveErrors, setSaveErrors] = useState<Readonly<Record<string, string>>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<DesignDialog>(null);
  const [conflict, setConflict] = useState('');
  const [screen, setScreen] = useState<Screen>(() => (isPhone() ? 'mobile' : 'desktop'));
  const [page, setPage] = useState('/');
  const [chosenTheme, setChosenTheme] = useState('');
  const [frameKey, setFrameKey] = useState(0);
  const [pane, setPane] = useState<'panel' | 'preview'>('panel');
  const frame = useRef<HTMLIFrameElement>(null);
  const lastChange = useRef<{ path: string; value: StyleValue | null } | null>(null);
  const changes = hist.present;
  const dirty = Object.keys(changes).length > 0;

  const tweak = useCallback((t: Tweak) => postTweak(frame.current, t), []);

  const onPreview = useCallback(
    (answer: DesignPreview) => {
      const last = lastChange.current;
      tweak({ type: 'change', path: last?.path, value: last?.value, css: answer.css });
    },
    [tweak],
  );
  const { preview, problem } = usePreview(calls, design, changes, onPreview);

  const take = useCallback((d: Design) => {
    setDesign(d);
    setChosenTheme(d.theme.name);
    setSaveErrors({});
  }, []);

  const load = useCallback(async () => {
    const answer = await calls.read();
    if (!answer.ok) {
      if (answer.status === 401) return signInAgain('/config/design');
      setLoadProblem(answer.message);
      return false;
    }
    take(answer.data);
    return true;
  }, [calls, take]);

  useEffect(() => {
    void load();
  }, [load]);

  // Leaving with unsaved changes asks first; leaving at all closes the panel for the frame's scripts.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);
  useEffect(() => {
    const close = () => tweak({ type: 'close' });
    addEventListener('pagehide', close);
    return () => {
      removeEventListener('pagehide', close);
      close();
    };
  }, [tweak]);

  const change = useCallback(
    (path: string, value: StyleValue | null) => {
      if (!design) return;
      lastChange.current = { path, value };
      setSaveErrors(({ [path]: _fixed, ...rest }) => rest);
      setHist((h) => record(h, withChange(design, h.present, path, value), path));
      if (value === null) setStatus('Back to the theme default (not saved yet).');
    },
    [design],
  );

  const warnings = preview?.warnings ?? design?.warnings ?? [];
  const ctx: FieldContext | null = design && {
    value: (path) => screenValue(design, changes, path),
    change,
    error: (path) => saveErrors[path] ?? preview?.errors[path],
    warning: (path) => warnings.find((w) => w.path === path)?.message,
    canReset: (path) => differsFromDefault(design, changes, path),
    fonts: design.fonts,
    palette: Object.fromEntries(
      ['lightest', 'light', 'accent', 'dark', 'darkest'].map((slot) => [slot, String(screenValue(design, changes, `colorPalette.${slot}`) ?? '')]),
    ),
  };

  const fresh = (d: Design, said: string) => {
    take(d);
    setHist(startHistory(NO_CHANGES));
    setStatus(said);
  };

  const failed = (answer: { status: number; message: string; fieldErrors: Readonly<Record<string, string>> }) => {
    if (answer.status === 401) return signInAgain('/config/design');
    if (answer.status === 409) {
      setConflict(answer.message);
      setDialog('conflict');
      setStatus('Not saved: the styles were changed elsewhere.');
      return;
    }
    setSaveErrors(answer.fieldErrors);
    setStatus(`Not saved: ${Object.keys(answer.fieldErrors).length ? 'correct the fields marked.' : answer.message}`);
  };

  const actions = {
    undo: () => {
      setHist(undo);
      setStatus('Undone.');
    },
    redo: () => {
      setHist(redo);
      setStatus('Redone.');
    },
    save: async () => {
      if (!design || !dirty) return;
      setBusy(true);
      setStatus('Saving…');
      const answer = await calls.save(design.revision, changes);
      setBusy(false);
      if (!answer.ok) return failed(answer);
      fresh(answer.data, 'Saved.');
      tweak({ type: 'save', css: answer.data.css });
    },
    askReset: () => setDialog('reset'),
    reset: async () => {
      if (!design) return;
      setBusy(true);
      const answer = await calls.reset(design.revision);
      setBusy(false);
      setDialog(null);
      if (!answer.ok) return failed(answer);
      fresh(answer.data, "Every style is back to the theme's default.");
      tweak({ type: 'reset', css: answer.data.css });
    },
    askSwitch: () => setDialog('switch'),
    switchTheme: async () => {
      if (!design) return;
      setBusy(true);
      const answer = await calls.switchTheme(design.revision, chosenTheme);
      setBusy(false);
      setDialog(null);
      if (!answer.ok) return failed(answer);
      fresh(answer.data, `The site now uses the theme ${answer.data.theme.label}.`);
      setFrameKey((k) => k + 1);
    },
    reload: async () => {
      setDialog(null);
      // The version saved meanwhile, with the owner's changes still on top: saving again keeps them.
      if (await load()) setStatus('Reloaded: your changes are still here, not saved yet.');
    },
    closeDialog: () => setDialog(null),
    showPane: (next: 'panel' | 'preview') => {
      setPane(next);
      if (next === 'preview') tweak({ type: 'after close' });
      else {
        tweak({ type: 'before open' });
        tweak({ type: 'after show' });
      }
    },
  };

  const onFrameLoaded = useCallback(() => {
    tweak({ type: 'before open' });
    tweak({ type: 'after show' });
  }, [tweak]);

  // Undo and redo from the keyboard, as in the page editor.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      event.preventDefault();
      if (key === 'y' || event.shiftKey) actions.redo();
      else actions.undo();
    }
  };

  if (!design || !ctx) return <p role={loadProblem ? 'alert' : 'status'}>{loadProblem || 'Loading the site’s styles…'}</p>;
  // The frame shows the unsaved styles, else the saved ones (after an undo back to them, a save or a reset).
  const css = preview?.css ?? design.css;
  return (
    <DesignView
      design={design}
      ctx={ctx}
      canUndo={hist.past.length > 0}
      canRedo={hist.future.length > 0}
      dirty={dirty}
      busy={busy}
      status={status}
      problem={problem}
      dialog={dialog}
      conflict={conflict}
      screen={screen}
      page={page}
      pane={pane}
      chosenTheme={chosenTheme}
      frame={frame}
      frameKey={frameKey}
      css={css}
      listener={context.previewScript}
      onKeyDown={onKeyDown}
      onScreen={setScreen}
      onPage={setPage}
      onChooseTheme={setChosenTheme}
      onFrameLoaded={onFrameLoaded}
      actions={actions}
    />
  );
}
