// The site's forms with their submission counts (/config/forms): FormsPage calls the API, FormsView draws.
import { useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { formsCalls } from './calls.js';
import { FormsView, type FormsState, type NewFormResult } from './view.js';

export interface FormsContext extends StudioContext {
  readonly timeZone?: string;
}

export default function FormsPage({ context, api }: PageProps<FormsContext>) {
  const calls = useMemo(() => formsCalls(api), [api]);
  const [state, setState] = useState<FormsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void calls.list().then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', forms: answer.data.forms });
      if (answer.status === 401) return signInAgain('/config/forms');
      setState({ status: 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, attempt]);

  const canBuild = (context.permissions ?? []).includes('editContent');
  const create = async (name: string, from: string): Promise<NewFormResult> => {
    const answer = await calls.create(name, from);
    if (answer.ok) {
      // The new form opens in its builder.
      location.assign(`/config/forms/${encodeURIComponent(answer.data.formKey)}/build`);
      return { ok: true };
    }
    if (answer.status === 401) signInAgain('/config/forms');
    return { ok: false, message: answer.fieldErrors?.name ?? answer.fieldErrors?.from ?? answer.message };
  };

  return <FormsView context={context} state={state} onRetry={() => setAttempt((n) => n + 1)} onCreate={canBuild ? create : undefined} />;
}
