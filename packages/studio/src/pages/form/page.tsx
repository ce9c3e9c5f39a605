// One form's submissions (/config/forms/<formId>): FormPage holds the filters (kept in the address),
// the rows loaded so far and the cursor of the next page, the submission open in the detail dialog
// and the deletions waiting for their confirmation, and calls the API; FormView draws. The form's
// settings are a panel of their own (settings-panel.tsx), for the roles that may change them.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { type Submission, type SubmissionsAnswer, formCalls } from './calls.js';
import { type SubmissionFilters, apiQuery, filtersFromSearch, searchOfFilters } from './filters.js';
import { SettingsPanel } from './settings-panel.js';
import { FormView } from './view.js';

export interface FormContext extends StudioContext {
  readonly timeZone?: string;
  readonly formId: string;
}

export type ListState =
  | { status: 'loading' }
  | ({ status: 'ready'; more: 'idle' | 'loading' | string } & SubmissionsAnswer)
  | { status: 'error'; message: string; notFound: boolean };

export type DetailState =
  | null
  | { status: 'loading'; id: string }
  | { status: 'ready'; id: string; submission: Submission }
  | { status: 'error'; id: string; message: string };

/** A deletion waiting for its confirmation: one submission, or all of the form's. */
export type Confirming = null | { kind: 'one'; id: string; busy: boolean; error: string } | { kind: 'all'; busy: boolean; error: string };

export default function FormPage({ context, api }: PageProps<FormContext>) {
  const calls = useMemo(() => formCalls(api, context.formId), [api, context.formId]);
  const here = `/config/forms/${encodeURIComponent(context.formId)}`;
  const canManage = (context.permissions ?? []).includes('manageFormSubmissions');
  const [filters, setFilters] = useState(() => filtersFromSearch(location.search));
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [detail, setDetail] = useState<DetailState>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [notice, setNotice] = useState('');
  // The filters shown now: a next page asked for under other filters is dropped when it arrives.
  const shown = useRef(filters);
  shown.current = filters;

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.list(apiQuery(filters, context.timeZone)).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', ...answer.data, more: 'idle' });
      if (answer.status === 401) return signInAgain(`${here}${location.search}`);
      setState({
        status: 'error',
        message: answer.status === 404 ? 'This form is not on the site and has no submissions.' : answer.message,
        notFound: answer.status === 404,
      });
    });
    return () => {
      current = false;
    };
  }, [calls, filters, context.timeZone, attempt, here]);

  useEffect(() => {
    const onPop = () => setFilters(filtersFromSearch(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onFilters = useCallback(
    (next: SubmissionFilters) => {
      history.pushState(null, '', `${here}${searchOfFilters(next)}`);
      setFilters(next);
    },
    [here],
  );

  const onMore = () => {
    if (state.status !== 'ready' || !state.nextCursor || state.more === 'loading') return;
    const asked = filters;
    const query = apiQuery(asked, context.timeZone);
    query.set('cursor', state.nextCursor);
    setState({ ...state, more: 'loading' });
    void calls.list(query).then((answer) => {
      if (shown.current !== asked) return;
      if (answer.status === 401) return signInAgain(`${here}${location.search}`);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (!answer.ok) return { ...s, more: answer.message };
        return { ...s, submissions: [...s.submissions, ...answer.data.submissions], nextCursor: answer.data.nextCursor, more: 'idle' };
      });
    });
  };

  const onOpen = (id: string) => {
    setDetail({ status: 'loading', id });
    void calls.detail(id).then((answer) => {
      if (answer.status === 401) return signInAgain(`${here}${location.search}`);
      setDetail((d) => {
        if (!d || d.id !== id) return d;
        return answer.ok ? { status: 'ready', id, submission: answer.data.submission } : { status: 'error', id, message: answer.message };
      });
    });
  };

  const onConfirmDelete = (typed: string) => {
    if (!confirming || confirming.busy) return;
    setConfirming({ ...confirming, busy: true, error: '' });
    const removeOne = confirming.kind === 'one' ? confirming.id : null;
    const call = removeOne ? calls.remove(removeOne) : calls.removeAll(typed);
    void call.then((answer) => {
      if (answer.status === 401) return signInAgain(`${here}${location.search}`);
      // A submission someone else deleted first is gone all the same.
      if (!answer.ok && !(removeOne && answer.status === 404)) {
        return setConfirming((c) => c && { ...c, busy: false, error: answer.fieldErrors?.confirm ?? answer.message });
      }
      setConfirming(null);
      if (removeOne) {
        setState((s) => (s.status === 'ready' ? { ...s, submissions: s.submissions.filter((r) => r.id !== removeOne) } : s));
        setNotice('Submission deleted.');
      } else {
        const n = answer.ok && answer.data ? (answer.data as { deleted: number }).deleted : 0;
        setNotice(`Deleted ${n} ${n === 1 ? 'submission' : 'submissions'}.`);
        setAttempt((a) => a + 1);
      }
    });
  };

  return (
    <>
      <FormView
        context={context}
        filters={filters}
        state={state}
        detail={detail}
        confirming={confirming}
        notice={notice}
        canManage={canManage}
        canBuild={(context.permissions ?? []).includes('editContent')}
        exportUrl={calls.exportUrl(apiQuery(filters, context.timeZone))}
        onFilters={onFilters}
        onMore={onMore}
        onRetry={() => setAttempt((n) => n + 1)}
        onOpen={onOpen}
        onCloseDetail={() => setDetail(null)}
        onAskDelete={(id) => {
          setDetail(null);
          setConfirming(id === null ? { kind: 'all', busy: false, error: '' } : { kind: 'one', id, busy: false, error: '' });
        }}
        onCancelDelete={() => setConfirming(null)}
        onConfirmDelete={onConfirmDelete}
      />
      {canManage && !(state.status === 'ready' && state.form.removed) && !(state.status === 'error' && state.notFound) && (
        <SettingsPanel calls={calls} here={here} />
      )}
    </>
  );
}
