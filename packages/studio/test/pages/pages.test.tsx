// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageNode, PagesTree } from '../../src/pages/pages/calls.js';
import PagesPage from '../../src/pages/pages/page.js';
import { fakeServer, json } from '../helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const context = { page: 'pages', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test', permissions: ['editContent', 'manageMedia'] };
const node = (key: string, title: string, extra: Partial<PageNode> = {}): PageNode => ({ key, kind: 'page', title, hidden: false, isHome: false, ...extra });
const shop = node('c-shop', 'Shop', { kind: 'collection', typeName: 'products', url: '/', isHome: true });
const about = node('c-about', 'About', { itemId: 'item-about', url: '/about', status: 'published' });
const workshops = node('c-work', 'Workshops', { itemId: 'item-work', url: '/workshops', status: 'draft', statusLabel: 'Draft' });
const tree = (main: PageNode[], revision = 'r1'): PagesTree => ({
  revision,
  main,
  footer: [node('l-docs', 'Docs', { kind: 'link', url: 'https://docs.example.com' })],
  notLinked: [],
});

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
const row = (title: string) => screen.getByText(title, { selector: '.page-node-title > :first-child' }).closest('li')!;
const status = () => document.querySelector('.pages-page .status')!.textContent;
const openActions = (title: string) => {
  fireEvent.click(within(row(title)).getByRole('button', { name: `Actions for ${title}` }));
};

describe("the studio's pages page", () => {
  it('shows the three lists with status badges and links each page to its editor', async () => {
    const server = fakeServer().once('/api/owner/pages', () => json(200, tree([shop, about, workshops])));
    render(<PagesPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    const main = screen.getByRole('list', { name: 'Main navigation' });
    expect(
      within(main)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.page-node-title > :first-child')!.textContent),
    ).toEqual(['Shop', 'About', 'Workshops']);
    expect(within(row('Workshops')).getByText('Draft')).toBeTruthy();
    expect(within(row('Shop')).getByText('Home')).toBeTruthy();
    expect(within(row('Workshops')).getByRole('link', { name: 'Workshops' }).getAttribute('href')).toBe('/config/pages/item-work/edit');
    expect(screen.getByRole('list', { name: 'Footer' }).textContent).toContain('Docs');
    expect(screen.getByRole('list', { name: 'Not linked' }).textContent).toContain('Nothing here yet');
  });

  it('links a blog and an events list to the list of their posts and events', async () => {
    const journal = node('c-journal', 'Journal', { kind: 'collection', typeName: 'blog', collectionId: 'col-journal', url: '/journal' });
    const events = node('c-events', 'Events', { kind: 'collection', typeName: 'events', collectionId: 'col-events', url: '/events' });
    const server = fakeServer().once('/api/owner/pages', () => json(200, tree([shop, journal, events])));
    render(<PagesPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    expect(within(row('Journal')).getByRole('link', { name: 'Journal' }).getAttribute('href')).toBe('/config/pages/collections/col-journal');
    expect(within(row('Events')).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/config/pages/collections/col-events');
    expect(within(row('Shop')).queryByRole('link', { name: 'Shop' })).toBeNull();
  });

  it('moves a page up with the keyboard-reachable action, saves the tree with its revision and says so', async () => {
    document.cookie = 'crumb=crumb-pages';
    const server = fakeServer()
      .once('/api/owner/pages', () => json(200, tree([shop, about, workshops])))
      .once('/api/owner/pages/navigation', (r) => {
        const body = r.body as { main: { key: string }[] };
        return json(200, {
          ...tree(
            body.main.map((ref) => [shop, about, workshops].find((n) => n.key === ref.key)!),
            'r2',
          ),
        });
      });
    render(<PagesPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    openActions('Workshops');
    const moveUp = screen.getByRole('button', { name: 'Move up' });
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'Actions for Workshops' })).getAllByRole('button')[0]);
    fireEvent.click(moveUp);
    await settle();
    const [put] = server.to('/api/owner/pages/navigation');
    expect(put!.method).toBe('PUT');
    expect(put!.headers['x-csrf-token']).toBe('crumb-pages');
    expect(put!.body).toEqual({
      revision: 'r1',
      main: [{ key: 'c-shop' }, { key: 'c-work' }, { key: 'c-about' }],
      footer: [{ key: 'l-docs' }],
      notLinked: [],
    });
    expect(status()).toBe('“Workshops” moved to Main navigation, place 2 of 3.');
    const titles = within(screen.getByRole('list', { name: 'Main navigation' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.page-node-title > :first-child')!.textContent);
    expect(titles).toEqual(['Shop', 'Workshops', 'About']);
  });

  it('reloads the tree with a message when someone else saved it first (409)', async () => {
    const server = fakeServer()
      .once('/api/owner/pages', () => json(200, tree([shop, about])))
      .once('/api/owner/pages/navigation', () =>
        json(409, {
          error: 'Someone else changed the navigation since you opened it. It has been reloaded: make your change again.',
          code: 'NAVIGATION_CONFLICT',
        }),
      )
      .once('/api/owner/pages', () => json(200, tree([about, shop, workshops], 'r3')));
    render(<PagesPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    openActions('About');
    fireEvent.click(screen.getByRole('button', { name: 'Hide from navigation' }));
    await settle();
    expect(status()).toContain('Someone else changed the navigation');
    expect(row('Workshops')).toBeTruthy();
    expect(server.to('/api/owner/pages')).toHaveLength(2);
  });

  it('shows the slug error beside its field in the settings dialog, then saves', async () => {
    const settings = {
      key: 'c-work',
      kind: 'page',
      title: 'Workshops',
      urlId: 'workshops',
      url: '/workshops',
      seoTitle: '',
      seoDescription: '',
      socialImage: null,
      access: 'public',
      hasPassword: false,
      isHome: false,
    };
    const server = fakeServer()
      .once('/api/owner/pages', () => json(200, tree([shop, workshops])))
      .once('/api/owner/pages/c-work/settings', () => json(200, settings))
      .once('/api/owner/pages/c-work/settings', () =>
        json(400, {
          error: 'One or more fields is invalid, please check your entries.',
          code: 'VALIDATION_FAILED',
          errors: { urlId: 'cart is not a valid page URL' },
        }),
      )
      .once('/api/owner/pages/c-work/settings', () => json(200, { ...settings, urlId: 'classes', seoTitle: 'Pottery classes' }))
      .once('/api/owner/pages', () => json(200, tree([shop, { ...workshops, urlId: 'classes', url: '/classes' }], 'r2')));
    render(<PagesPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    openActions('Workshops');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Settings of “Workshops”' });
    const slug = within(dialog).getByLabelText('URL slug');
    fireEvent.change(slug, { target: { value: 'cart' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await settle();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(slug.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('cart is not a valid page URL');
    fireEvent.change(slug, { target: { value: 'classes' } });
    const seo = within(dialog).getByLabelText('SEO title');
    fireEvent.change(seo, { target: { value: 'Pottery classes' } });
    expect(within(dialog).getByText('15 of 60 characters')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await settle();
    const patches = server.to('/api/owner/pages/c-work/settings').filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.body)).toEqual([{ urlId: 'cart' }, { urlId: 'classes', seoTitle: 'Pottery classes' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(status()).toBe('Settings of “Workshops” saved.');
  });

  it('adds a page to a list, and deletes a link only after asking', async () => {
    const server = fakeServer()
      .once('/api/owner/pages', () => json(200, tree([shop])))
      .once('/api/owner/pages', () => json(201, { node: workshops }))
      .once('/api/owner/pages', () => json(200, tree([shop, workshops], 'r2')))
      .once('/api/owner/pages/l-docs', () => new Response(null, { status: 204 }))
      .once('/api/owner/pages', () => json(200, { ...tree([shop, workshops], 'r3'), footer: [] }));
    render(<PagesPage context={context} api={createApi({ fetch: server.fetch })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page' }));
    const dialog = screen.getByRole('dialog', { name: 'Add page' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Workshops' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await settle();
    expect(server.requests.find((r) => r.method === 'POST')!.body).toEqual({ kind: 'page', title: 'Workshops', in: 'main' });
    expect(status()).toBe('“Workshops” was added to Main navigation.');
    openActions('Docs');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete “Docs”?' })).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/owner/pages/l-docs']);
    expect(status()).toBe('“Docs” was deleted.');
  });
});
