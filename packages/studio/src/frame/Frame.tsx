// The frame of every owner page but the sign-in: a skip link to the content; a header with the
// site's name, the signed-in account and Sign out; the navigation, a side bar on a desktop and a list
// behind the Menu button on a phone, listing only the pages the account's role may open (the current
// one marked with aria-current); and the page in a focusable <main> under its heading.
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import type { StudioContext } from '../context.js';
import { type StudioPage, navigablePages } from '../pages.js';

export interface FrameProps {
  readonly context: StudioContext;
  /** The page shown: its title is the heading; a page of one thing (its path under a listed page's) marks that list as where one is. */
  readonly current: Pick<StudioPage, 'name' | 'title'> & { readonly path?: string };
  /** Every page of the studio; the frame lists those the account may open. */
  readonly pages: readonly StudioPage[];
  onSignOut(): void;
  readonly children: ReactNode;
}

const MAIN_ID = 'studio-main';
const NAV_ID = 'studio-nav';

export function Frame({ context, current, pages, onSignOut, children }: FrameProps) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLButtonElement>(null);
  const listed = navigablePages(pages, context.permissions);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    menu.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from any control of the studio closes the phone menu; the keys come from the focused control inside
    <div className="studio" onKeyDown={onKeyDown}>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to the content
      </a>
      <header className="studio-header">
        <button
          ref={menu}
          type="button"
          className="menu-button button-secondary"
          aria-expanded={open}
          aria-controls={NAV_ID}
          onClick={() => setOpen((o) => !o)}>
          Menu
        </button>
        <p className="site-title">{context.siteTitle}</p>
        <div className="account">
          {context.email && <span className="account-email">{context.email}</span>}
          <button type="button" className="button-secondary" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav id={NAV_ID} className={`studio-nav${open ? ' is-open' : ''}`} aria-label="Studio">
        <ul>
          {listed.map((page) => (
            <li key={page.name}>
              <a
                href={page.path}
                aria-current={page.name === current.name ? 'page' : current.path?.startsWith(`${page.path}/`) && page.path !== '/config/' ? 'true' : undefined}>
                {page.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id={MAIN_ID} tabIndex={-1}>
        <h1>{current.title}</h1>
        {children}
      </main>
    </div>
  );
}
