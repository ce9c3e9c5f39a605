// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioContext } from '../src/context.js';
import { Frame } from '../src/frame/Frame.js';
import { Studio } from '../src/main.js';
import { PAGES, navigablePages, pageLoader, pagesOf } from '../src/pages.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const base: StudioContext = { page: 'restock', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'shop@shop.test' };

function frame(permissions: string[], current: { name: string; title: string; path?: string } = { name: 'restock', title: 'Restock notifications' }) {
  const onSignOut = vi.fn();
  render(
    <Frame context={{ ...base, permissions }} current={current} pages={PAGES} onSignOut={onSignOut}>
      <p>The page</p>
    </Frame>,
  );
  return { onSignOut, nav: screen.getByRole('navigation', { name: 'Studio' }) };
}

describe("the studio's pages, found by convention", () => {
  it('are the folders of src/pages, each with its meta and its own chunk, in navigation order', () => {
    expect(PAGES.map((p) => p.name)).toEqual([
      'home',
      'pages',
      'orders',
      'customers',
      'products',
      'inventory',
      'reviews',
      'analytics',
      'comments',
      'forms',
      'mailing-list',
      'restock',
      'media',
      'design',
      'store',
      'marketing',
      'staff',
      'invitation',
      'customer',
      'form-builder',
      'page-editor',
      'form',
      'product-import',
      'order',
      'collection-items',
      'product',
      'password-reset',
      'login',
    ]);
    for (const page of PAGES) {
      // The home page is the area's own address, /config/; a page of one thing names it by a parameter (/config/orders/:id);
      // a page that belongs to another has a path under it (/config/products/import), and a page doing one thing
      // to one of them says what after its parameter (/config/pages/:itemId/edit); one thing of a page that belongs
      // to another is named by a parameter after it (/config/pages/collections/:collectionId).
      expect(page.path, page.name).toMatch(/^\/config\/([a-z-]+(\/(:[A-Za-z]+(\/[a-z-]+)?|[a-z-]+(\/:[A-Za-z]+)?))?)?$/);
      expect(pageLoader(page.name), page.name).toBeTypeOf('function');
    }
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    const login = PAGES.find((p) => p.name === 'login')!;
    expect(login).toMatchObject({ permission: null, frame: false });
    expect(login.nav).toBeUndefined();
  });

  it('order by their place in the navigation, then by title, and take their name from their folder', () => {
    const pages = pagesOf({
      './pages/zeta/meta.ts': { meta: { path: '/config/zeta', title: 'Zeta', permission: 'openConfig', nav: 5 } },
      './pages/alpha/meta.ts': { meta: { path: '/config/alpha', title: 'Alpha', permission: 'openConfig', nav: 5 } },
      './pages/first/meta.ts': { meta: { path: '/config/first', title: 'First', permission: 'openConfig', nav: 1 } },
    });
    expect(pages.map((p) => p.name)).toEqual(['first', 'alpha', 'zeta']);
  });
});

describe('the navigation frame', () => {
  it("lists only the pages the account's role may open, the current one marked", () => {
    // A store manager: restock lists, no analytics.
    const { nav } = frame(['openConfig', 'viewRestockSignups', 'sendRestockNotices', 'manageOrders']);
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Restock notifications']);
    expect(links[0]!.getAttribute('href')).toBe('/config/');
    expect(links[1]!.getAttribute('href')).toBe('/config/restock');
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    cleanup();
    // Reporting: orders, analytics and restock (one order's page has no place in the navigation).
    const reporting = frame(['openConfig', 'viewAnalytics', 'viewOrders', 'viewRestockSignups'], { name: 'analytics', title: 'Analytics' });
    const both = within(reporting.nav).getAllByRole('link');
    expect(both.map((a) => a.textContent)).toEqual(['Home', 'Orders', 'Analytics', 'Restock notifications']);
    expect(both.map((a) => a.getAttribute('aria-current'))).toEqual([null, null, 'page', null]);
    cleanup();
    // Nothing held: nothing listed, the sign-in page never.
    expect(within(frame([]).nav).queryAllByRole('link')).toEqual([]);
    expect(navigablePages(PAGES, ['viewAnalytics', 'viewRestockSignups', 'openConfig']).map((p) => p.name)).not.toContain('login');
  });

  it('marks the list a page of one thing belongs to (an order under Orders) as where one is, not as the page', () => {
    const { nav } = frame(['openConfig', 'viewOrders'], { name: 'order', title: 'Order', path: '/config/orders/:id' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('aria-current')])).toEqual([
      ['Home', null],
      ['Orders', 'true'],
    ]);
    cleanup();
  });

  it('names the site and the account, signs out, and holds the page under its heading in the main landmark', () => {
    const { onSignOut } = frame(['viewRestockSignups']);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Tessera Supply Co.')).toBeDefined();
    expect(within(banner).getByText('shop@shop.test')).toBeDefined();
    fireEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Restock notifications' })).toBeDefined();
    expect(within(main).getByText('The page')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Skip to the content' }).getAttribute('href')).toBe(`#${main.id}`);
    expect(main.tabIndex).toBe(-1);
  });

  it('opens the list from the Menu button on a phone and closes it with Escape, focus back on the button', () => {
    const { nav } = frame(['viewAnalytics', 'viewRestockSignups']);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(nav.className).not.toContain('is-open');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('is-open');
    const link = within(nav).getByRole('link', { name: 'Analytics' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });
});

describe('the studio entry', () => {
  it('draws a page inside the frame, and the sign-in page without it', async () => {
    const restock = PAGES.find((p) => p.name === 'restock')!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ signUpGroups: [], hasNextPage: false, nextPageCursor: null }), { status: 200 })),
    );
    try {
      await act(async () => {
        render(<Studio context={{ ...base, permissions: ['viewRestockSignups'] }} page={restock} />);
      });
      // The page's chunk is imported on first use: on a loaded machine that can take more than the default second.
      await screen.findByText('No visitor has signed up for a restock notification yet.', {}, { timeout: 5000 });
      expect(screen.getByRole('navigation', { name: 'Studio' })).toBeDefined();
      cleanup();
      await act(async () => {
        render(<Studio context={{ page: 'login', siteTitle: 'Tessera Supply Co.', language: 'en-US' }} page={PAGES.find((p) => p.name === 'login')!} />);
      });
      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
