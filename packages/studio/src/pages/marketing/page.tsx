// The owner's marketing page (/config/marketing): the tag manager, the ad pixel and the cookie
// banner. MarketingPage holds the settings and the outcome of a save, and calls the API; MarketingView draws.
import { ApiError } from '@tessera/core/api-client';
import { useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type MarketingSettings, marketingCalls } from './calls.js';
import { type LoadState, MarketingView, type SaveStatus } from './view.js';

const PATH = '/config/marketing';
const IDLE: SaveStatus = { kind: 'idle', text: '' };

export default function MarketingPage({ api }: PageProps<StudioContext>) {
  const calls = useMemo(() => marketingCalls(api), [api]);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [baseline, setBaseline] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveStatus>(IDLE);
  const [attempt, setAttempt] = useState(0);
  const [focusTick, setFocusTick] = useState(0);

  const show = (settings: MarketingSettings) => {
    setState({ status: 'ready', draft: settings });
    setBaseline(JSON.stringify(settings));
  };

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    calls.load().then(
      (settings) => current && show(settings),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) return signInAgain(PATH);
        setState({ status: 'error', message: error instanceof ApiError ? error.message : 'Something went wrong' });
      },
    );
    return () => {
      current = false;
    };
  }, [calls, attempt]);

  useEffect(() => {
    if (focusTick > 0) document.querySelector<HTMLElement>('.marketing-settings [aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const draft = state.status === 'ready' ? state.draft : null;
  const dirty = draft !== null && JSON.stringify(draft) !== baseline;

  const save = async () => {
    if (!draft) return;
    setStatus({ kind: 'saving', text: 'Saving…' });
    try {
      show(await calls.save(draft));
      setErrors({});
      setStatus({ kind: 'saved', text: 'Saved. Pages use these settings from now on.' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) return signInAgain(PATH);
      const fields = error.fieldErrors as Record<string, string>;
      const n = Object.keys(fields).length;
      setErrors(fields);
      setStatus({ kind: 'failed', text: n > 0 ? `Not saved: ${n === 1 ? 'one field needs' : `${n} fields need`} attention.` : `Not saved: ${error.message}` });
      if (n > 0) setFocusTick((t) => t + 1);
    }
  };

  return (
    <MarketingView
      state={state}
      errors={errors}
      status={status}
      dirty={dirty}
      onEdit={(next, field) => {
        setState({ status: 'ready', draft: next });
        setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== field)));
        if (status.kind !== 'saving') setStatus(IDLE);
      }}
      onSave={() => void save()}
      onReload={() => setAttempt((n) => n + 1)}
    />
  );
}
