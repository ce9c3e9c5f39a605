// The owner's store settings page (/config/store): StorePage holds the settings, the draft the owner
// edits and the outcome of a save, and calls the API; StoreView draws.
import { ApiError } from '@tessera/core/api-client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type StoreSettings, type StripeKeys, type StripeSecretField, storeSettingsCalls, stripeKeyCalls } from './calls.js';
import type { StripeKeysProps } from './sections/stripe.js';
import { type Draft, type FieldErrors, digitsOf, fromDraft, toDraft } from './draft.js';
import { type LoadState, type SaveStatus, StoreView } from './view.js';

/** The page's context: the site's time zone, in which coupon dates are read and typed. */
export interface StoreContext extends StudioContext {
  readonly timeZone?: string;
}

const PATH = '/config/store';
const IDLE: SaveStatus = { kind: 'idle', text: '' };
const notSaved = (n: number) => `Not saved: ${n === 1 ? 'one field needs' : `${n} fields need`} attention.`;

export default function StorePage({ context, api }: PageProps<StoreContext>) {
  const calls = useMemo(() => storeSettingsCalls(api), [api]);
  const keyCalls = useMemo(() => stripeKeyCalls(api), [api]);
  const [keys, setKeys] = useState<StripeKeys | null>(null);
  const [keyBusy, setKeyBusy] = useState<StripeSecretField | null>(null);
  const [keyStatus, setKeyStatus] = useState<StripeKeysProps['status']>({ kind: 'idle', text: '' });
  const [keyErrors, setKeyErrors] = useState<StripeKeysProps['errors']>({});
  const zone = context.timeZone ?? 'UTC';
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  /** The draft as loaded or last saved: the page has unsaved changes while the draft differs from it. */
  const [baseline, setBaseline] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<SaveStatus>(IDLE);
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** Bumped when a save fails on fields: the first field in error takes the focus. */
  const [focusTick, setFocusTick] = useState(0);

  const show = useCallback(
    (settings: StoreSettings) => {
      const draft = toDraft(settings, zone);
      setState({ status: 'ready', settings, draft });
      setBaseline(JSON.stringify(draft));
    },
    [zone],
  );

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    setErrors({});
    setStatus(IDLE);
    setConfirming(false);
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
  }, [calls, show, attempt]);

  useEffect(() => {
    let current = true;
    // The secrets' state is only shown: without it the rest of the page still works.
    keyCalls.load().then(
      (k) => current && setKeys(k),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [keyCalls, attempt]);

  const saveSecret = async (field: StripeSecretField, value: string | null): Promise<boolean> => {
    setKeyBusy(field);
    setKeyErrors({});
    setKeyStatus({ kind: 'idle', text: value === null ? 'Removing…' : 'Saving…' });
    try {
      setKeys(await keyCalls.save(field, value));
      setKeyStatus({ kind: 'saved', text: value === null ? 'Removed.' : 'Saved. Only its last four characters are shown from now on.' });
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) {
        signInAgain(PATH);
        return false;
      }
      setKeyErrors(error.fieldErrors as StripeKeysProps['errors']);
      setKeyStatus({ kind: 'failed', text: `Not saved: ${error.fieldErrors[field] ?? error.message}` });
      return false;
    } finally {
      setKeyBusy(null);
    }
  };

  const draft = state.status === 'ready' ? state.draft : null;
  const dirty = draft !== null && JSON.stringify(draft) !== baseline;

  // Leaving with unsaved changes asks first (the browser's own question).
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
    if (focusTick > 0) document.querySelector<HTMLElement>('.store-settings [aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const edit = (next: Draft, clear?: string) => {
    setState((s) => (s.status === 'ready' ? { ...s, draft: next } : s));
    if (clear) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => (clear.endsWith('.') ? !path.startsWith(clear) : path !== clear))));
    if (status.kind === 'saved' || status.kind === 'failed') setStatus(IDLE);
    if (confirming && next.currency === (state.status === 'ready' ? state.settings.currency : next.currency)) setConfirming(false);
  };

  const save = async (confirmed: boolean) => {
    if (state.status !== 'ready') return;
    const { settings, draft } = state;
    const made = fromDraft(draft, settings.store, digitsOf(settings, draft.currency), zone);
    const local = Object.keys(made.errors).length;
    if (local > 0) {
      setErrors(made.errors);
      setStatus({ kind: 'failed', text: notSaved(local) });
      setFocusTick((n) => n + 1);
      return;
    }
    if (draft.currency !== settings.currency && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setStatus({ kind: 'saving', text: 'Saving…' });
    try {
      show(await calls.save({ version: settings.version, currency: draft.currency, store: made.store }));
      setErrors({});
      setStatus({ kind: 'saved', text: 'Saved. The shop uses these settings from now on.' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) return signInAgain(PATH);
      if (error.code === 'STORE_SETTINGS_CHANGED') return setStatus({ kind: 'conflict', text: error.message });
      const fields = Object.keys(error.fieldErrors).length;
      setErrors(error.fieldErrors);
      setStatus({ kind: 'failed', text: fields > 0 ? notSaved(fields) : `Not saved: ${error.message}` });
      if (fields > 0) setFocusTick((n) => n + 1);
    }
  };

  return (
    <StoreView
      state={state}
      errors={errors}
      status={status}
      dirty={dirty}
      zone={zone}
      confirmingCurrency={confirming}
      onEdit={edit}
      onSave={() => void save(false)}
      onConfirmCurrency={() => void save(true)}
      onCancelCurrency={() => setConfirming(false)}
      onReload={() => setAttempt((n) => n + 1)}
      stripe={{ keys, busy: keyBusy, status: keyStatus, errors: keyErrors, onSaveSecret: saveSecret }}
    />
  );
}
