// Entry: the one script of every owner page. It reads the page's context, draws the navigation frame
// (not on the sign-in page) and loads the page the server named: each page is its own chunk, which
// the server also preloads, so a page costs only what it uses.
import { createApi } from '@tessera/core/api-client';
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { type StudioContext, readStudioContext } from './context.js';
import { Frame } from './frame/Frame.js';
import { PAGES, type StudioPage, pageLoader } from './pages.js';
import { signOut } from './session.js';
import './studio.css';

export function Studio({ context, page, pages = PAGES }: { context: StudioContext; page: StudioPage; pages?: readonly StudioPage[] }) {
  const api = useMemo(() => createApi(), []);
  const Page = useMemo(() => lazy(pageLoader(page.name)!), [page.name]);
  const onSignOut = useCallback(() => {
    void signOut(api).finally(() => location.assign('/config/login'));
  }, [api]);
  const content = (
    <Suspense fallback={<p className="status">Loading…</p>}>
      <Page context={context} api={api} />
    </Suspense>
  );
  if (page.frame === false) return content;
  return (
    <Frame context={context} current={page} pages={pages} onSignOut={onSignOut}>
      {content}
    </Frame>
  );
}

const root = typeof document !== 'undefined' ? document.getElementById('tessera-studio') : null;
if (root) {
  const context = readStudioContext();
  const page = PAGES.find((p) => p.name === context.page);
  if (page && pageLoader(page.name)) createRoot(root).render(<Studio context={context} page={page} />);
  else root.textContent = 'This page is not part of this build of the studio.';
}
