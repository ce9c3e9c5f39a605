// The account page's devices: the member's sessions, each revocable (Page holds state and calls the
// API, View draws from props).
import { useCallback, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { failureMessage, type AccountApi, type SessionView } from '../../api/account.js';
import { siteTimeZoneOption, type SiteTimeZone } from '../../ui/site-time.js';
import { ACCOUNT_UI } from './messages.js';

interface SessionsViewProps {
  readonly sessions: readonly SessionView[] | null;
  readonly error: string | null;
  readonly busy: boolean;
  readonly locale: string;
  /** The site's time zone (the site context's): dates are written in it. */
  readonly zone?: SiteTimeZone | null;
  onEnd(id: string): void;
  onEndOthers(): void;
}

/** A short name of the browser a session signed in from. */
function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

function SessionsView({ sessions, error, busy, locale, zone, onEnd, onEndOthers }: SessionsViewProps) {
  if (error)
    return (
      <p className="notice" role="alert">
        {error}
      </p>
    );
  if (!sessions) return <p className="account-session__meta">Loading…</p>;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...siteTimeZoneOption(zone) });
  const others = sessions.filter((s) => !s.current);
  return (
    <>
      <ul className="account-sessions__list">
        {sessions.map((s) => (
          <li key={s.id} className="account-session">
            <div>
              <p className="account-session__device">
                {deviceName(s.userAgent)}
                {s.current ? ' (this device)' : ''}
              </p>
              <p className="account-session__meta">
                Signed in {date.format(s.created)}
                {s.rememberMe ? ', kept signed in' : ''}
              </p>
            </div>
            {s.current ? null : (
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => onEnd(s.id)}>
                Sign out<span className="visually-hidden"> of {deviceName(s.userAgent)}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 1 ? (
        <p>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onEndOthers}>
            Sign out of every other device
          </button>
        </p>
      ) : null}
    </>
  );
}

function SessionsPage({ api, locale, zone }: { api: AccountApi; locale: string; zone?: SiteTimeZone | null }) {
  const [sessions, setSessions] = useState<readonly SessionView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const answer = await api.sessions();
    if (answer.ok && answer.status === 200 && answer.data) setSessions(answer.data.sessions);
    else setError(failureMessage(answer, ACCOUNT_UI));
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work()
      .then(load, () => setError(ACCOUNT_UI.connect))
      .finally(() => setBusy(false));
  };
  return (
    <SessionsView
      sessions={sessions}
      error={error}
      busy={busy}
      locale={locale}
      zone={zone}
      onEnd={(id) => act(() => api.endSession(id))}
      onEndOthers={() => act(() => api.endOtherSessions())}
    />
  );
}

export function mountSessions(element: HTMLElement, api: AccountApi, locale: string, zone?: SiteTimeZone | null): Root {
  const root = createRoot(element);
  root.render(<SessionsPage api={api} locale={locale} zone={zone} />);
  return root;
}
