// Entry: the newsletter-unsubscribe page (page type 300). The page is reached from the link at
// the foot of every mailing; opening it shows the theme's text, and this island unsubscribes
// with a POST (so that mail scanners that open links unsubscribe nobody) and shows the result.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useEffect, useState } from 'react';
import { createFormsApi, type FormsApi } from '../../api/forms.js';

const UNSUBSCRIBE_TEXTS = Object.freeze({
  working: 'Unsubscribing…',
  done: 'You have been unsubscribed: {email} will not receive any more newsletters.',
  invalid: 'This link is not valid or has expired.',
  failed: 'Unable to connect. Please try again.',
});

type UnsubscribeState = 'working' | 'done' | 'invalid' | 'failed';

function UnsubscribeView({ introHtml, state, email, onRetry }: { introHtml: string; state: UnsubscribeState; email: string; onRetry: () => void }) {
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own unsubscribe text, rendered by the server */}
      {state !== 'invalid' && <div dangerouslySetInnerHTML={{ __html: introHtml }} />}
      <p className="lede newsletter-unsubscribe__status" role="status">
        {state === 'done' ? UNSUBSCRIBE_TEXTS.done.replace('{email}', email) : UNSUBSCRIBE_TEXTS[state]}
      </p>
      {state === 'failed' && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </>
  );
}

function UnsubscribePage({ api, token, introHtml }: { api: FormsApi; token: string | null; introHtml: string }) {
  const [state, setState] = useState<UnsubscribeState>(token ? 'working' : 'invalid');
  const [email, setEmail] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    let current = true;
    void api.unsubscribe(token).then((answer) => {
      if (!current) return;
      if (answer.ok && answer.status === 200) {
        setEmail(answer.data?.data?.email ?? '');
        setState('done');
      } else setState(answer.status === 400 ? 'invalid' : 'failed');
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);
  return (
    <UnsubscribeView
      introHtml={introHtml}
      state={state}
      email={email}
      onRetry={() => {
        setState('working');
        setAttempt((n) => n + 1);
      }}
    />
  );
}

/** Mounts on the page's `[data-tessera-island="newsletter-unsubscribe"]`; the token is the page URL's. */
export function mountNewsletterUnsubscribe(element: HTMLElement, options: { api?: FormsApi; search?: string } = {}) {
  const token = new URLSearchParams(options.search ?? window.location.search).get('token');
  const introHtml = element.innerHTML;
  const root = createRoot(element);
  flushSync(() => root.render(<UnsubscribePage api={options.api ?? createFormsApi()} token={token} introHtml={introHtml} />));
  return { unmount: () => root.unmount() };
}
