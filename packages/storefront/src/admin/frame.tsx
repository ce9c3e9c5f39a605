// The frame of every owner page: a skip link to the content, the header with the site's title, the
// page's title, the signed-in owner and Sign out, and the content in a focusable <main>.
import type { ReactNode } from 'react';
import type { AdminContext } from './types.js';

export interface AdminFrameProps {
  context: AdminContext;
  /** The page's title (the h1), also named by the skip link. */
  title: string;
  /** The id of the page's <main>, the skip link's target. */
  mainId: string;
  /** What the skip link says: "Skip to the …". */
  skipTo: string;
  onSignOut(): void;
  children: ReactNode;
}

export function AdminFrame({ context, title, mainId, skipTo, onSignOut, children }: AdminFrameProps) {
  return (
    <div className="admin">
      <a className="skip-link" href={`#${mainId}`}>Skip to the {skipTo}</a>
      <header className="admin-header">
        <div>
          <p className="site-title">{context.siteTitle}</p>
          <h1>{title}</h1>
        </div>
        <div className="account">
          {context.email && <span className="account-email">{context.email}</span>}
          <button type="button" className="button-secondary" onClick={onSignOut}>Sign out</button>
        </div>
      </header>
      <main id={mainId} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
