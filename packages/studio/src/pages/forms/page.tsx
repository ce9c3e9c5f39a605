// The site's forms with their submission counts (/config/forms): FormsPage calls the API, FormsView draws.
import { useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { formsCalls } from './calls.js';
import { FormsView, type FormsState } from './view.js';

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

  return <FormsView context={context} state={state} onRetry={() => setAttempt((n) => n + 1)} />;
}
