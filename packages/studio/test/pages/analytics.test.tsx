// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Frame } from '../../src/frame/Frame.js';
import { PAGES } from '../../src/pages.js';
import { analyticsCalls } from '../../src/pages/analytics/calls.js';
import type { AnalyticsContext, AnalyticsReport } from '../../src/pages/analytics/types.js';
import { AnalyticsView, type LoadState } from '../../src/pages/analytics/view.js';
import { LoginView } from '../../src/pages/login/view.js';
import { signOut } from '../../src/session.js';

afterEach(cleanup);

const context: AnalyticsContext = {
  page: 'analytics',
  siteTitle: 'Tessera Supply Co.',
  language: 'en-US',
  email: 'owner@shop.test',
  timeZone: 'America/New_York',
  today: '2025-03-07',
};

const report: AnalyticsReport = {
  range: { from: '2025-03-05', to: '2025-03-07', today: '2025-03-07', timeZone: 'America/New_York' },
  totals: { visits: 1234, pageViews: 5678, botHits: 4321 },
  series: [
    { day: '2025-03-05', visits: 400, pageViews: 1800 },
    { day: '2025-03-06', visits: 500, pageViews: 2000 },
    { day: '2025-03-07', visits: 334, pageViews: 1878 },
  ],
  topPages: [
    { path: '/shop', pageViews: 3000 },
    { path: '/shop/blue-mug', pageViews: 1200 },
  ],
  referrers: [{ host: 'news.example.org', pageViews: 90 }],
  devices: [
    { device: 'desktop', pageViews: 4000 },
    { device: 'phone', pageViews: 1678 },
  ],
  funnel: { productViews: 1200, addsToCart: 300, checkouts: 90, orders: 45 },
  events: [{ kind: 'census', name: 'button-click', count: 77 }],
  pageSpeed: {
    thresholds: { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25] },
    site: { LCP: { p75: 4200, rating: 'poor', count: 40 }, INP: { p75: 180, rating: 'good', count: 30 }, CLS: null },
    pages: [
      { path: '/shop', records: 25, LCP: { p75: 2600, rating: 'needs-improvement', count: 25 }, INP: null, CLS: { p75: 0.02, rating: 'good', count: 25 } },
    ],
  },
  errors: [
    {
      message: 'x is undefined',
      count: 12,
      lastSeen: Date.parse('2025-03-07T15:00:00Z'),
      name: 'TypeError',
      url: 'http://localhost/cart',
      stack: 'TypeError: x is undefined\n  at cart.js:1:2',
    },
  ],
  rejected: [{ endpoint: 'RecordHit', reason: 'data.pagePath', count: 3 }],
};

/** The view as the studio shows it: inside the navigation frame, which gives the heading and Sign out. */
function view(state: LoadState, handlers: Partial<{ onRange: () => void; onRetry: () => void; onSignOut: () => void }> = {}) {
  const props = { onRange: vi.fn(), onRetry: vi.fn(), onSignOut: vi.fn(), ...handlers };
  render(
    <Frame context={context} current={{ name: 'analytics', title: 'Analytics' }} pages={PAGES} onSignOut={props.onSignOut}>
      <AnalyticsView context={context} range={{ from: '2025-03-05', to: '2025-03-07' }} state={state} onRange={props.onRange} onRetry={props.onRetry} />
    </Frame>,
  );
  return props;
}

describe('the analytics view', () => {
  it('shows totals, the traffic chart with its data table, top pages, referrers, devices and the funnel', () => {
    view({ status: 'ready', report });
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain('Mar 5, 2025');
    const traffic = screen.getByRole('region', { name: 'Visits and page views' });
    expect(within(traffic).getByText('1,234')).toBeDefined();
    expect(within(traffic).getByText('5,678')).toBeDefined();
    expect(within(traffic).getByText('4,321 hits left out as bots')).toBeDefined();
    const chart = screen.getByRole('img', { name: /Visits and page views per day/ });
    expect(chart.querySelectorAll('polyline')).toHaveLength(2);
    const table = within(screen.getByRole('region', { name: 'Visits and page views per day: data' })).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: 'Thu, Mar 6, 2025' })).toBeDefined();
    const pages = screen.getByRole('region', { name: 'Top pages' });
    expect(within(pages).getByRole('rowheader', { name: '/shop/blue-mug' })).toBeDefined();
    expect(within(screen.getByRole('region', { name: 'Referrers' })).getAllByText('news.example.org').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('region', { name: 'Devices' })).getByText('4,000 (70%)')).toBeDefined();
    const funnel = screen.getByRole('region', { name: 'Commerce funnel' });
    expect(within(funnel).getByText('300 (25% of product views)')).toBeDefined();
    expect(within(funnel).getByText('45 (50% of checkouts)')).toBeDefined();
  });

  it('rates page speed against the thresholds, in words and not only colours', () => {
    view({ status: 'ready', report });
    const speed = screen.getByRole('region', { name: 'Page speed' });
    expect(within(speed).getByText('4.2 s')).toBeDefined();
    expect(within(speed).getByRole('img', { name: /LCP at the 75th percentile: 4\.2 s, poor\. Good up to 2\.5 s, poor above 4 s\./ })).toBeDefined();
    expect(within(speed).getByRole('img', { name: /INP at the 75th percentile: 180 ms, good\. Good up to 200 ms, poor above 500 ms\./ })).toBeDefined();
    expect(within(speed).getByText('No measurements yet')).toBeDefined();
    const row = within(speed).getByRole('row', { name: /\/shop/ });
    expect(row.textContent).toContain('2.6 s');
    expect(row.textContent).toContain('Needs improvement');
    expect(row.textContent).toContain('0.02');
  });

  it('lists the latest client errors grouped by message with their stack, and the refused payloads', () => {
    view({ status: 'ready', report });
    const errors = screen.getByRole('table', { name: 'Latest client errors, grouped by message' });
    const row = within(errors).getByRole('row', { name: /x is undefined/ });
    expect(row.textContent).toContain('12');
    expect(row.textContent).toContain('/cart');
    expect(row.querySelector('pre')?.textContent).toContain('cart.js:1:2');
    expect(screen.getByRole('table', { name: 'Payloads refused as invalid, by endpoint and reason' }).textContent).toContain('data.pagePath');
  });

  it('changes the range with a preset or the two dates, and signs out', () => {
    const handlers = view({ status: 'ready', report });
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(handlers.onRange).toHaveBeenLastCalledWith('2025-03-01', '2025-03-07');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(handlers.onRange).toHaveBeenLastCalledWith('2025-02-01', '2025-03-07');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(handlers.onSignOut).toHaveBeenCalled();
  });

  it('says it is loading, and shows a failure with the fields that were wrong and a way to retry', () => {
    view({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    cleanup();
    const handlers = view({
      status: 'error',
      message: 'One or more fields is invalid, please check your entries.',
      fields: { to: 'A range holds at most 366 days' },
    });
    expect(screen.getByRole('alert').textContent).toContain('One or more fields is invalid');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A range holds at most 366 days')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(handlers.onRetry).toHaveBeenCalled();
  });

  it('says so when a range holds nothing', () => {
    const empty: AnalyticsReport = {
      ...report,
      topPages: [],
      referrers: [],
      devices: [],
      funnel: { productViews: 0, addsToCart: 0, checkouts: 0, orders: 0 },
      pageSpeed: { ...report.pageSpeed, site: { LCP: null, INP: null, CLS: null }, pages: [] },
      errors: [],
      events: [],
      rejected: [],
    };
    view({ status: 'ready', report: empty });
    for (const text of [
      'No page views in this range.',
      'No visits from other sites in this range.',
      'No store activity in this range.',
      'No page-speed records in this range.',
      'No client errors in this range.',
    ])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  });
});

describe('the sign-in view', () => {
  it('sends the email and password, and shows the failure', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<LoginView siteTitle="Shop" busy={false} error={null} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@shop.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith('owner@shop.test', 'secret password');
    rerender(<LoginView siteTitle="Shop" busy error="The email or password is incorrect." onSubmit={onSubmit} />);
    expect(screen.getByRole('alert').textContent).toBe('The email or password is incorrect.');
    expect((screen.getByRole('button', { name: 'Signing in…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the owner's calls, on the API client", () => {
  it('sends the crumb on state-changing calls and turns error answers into ApiError with the fields', async () => {
    document.cookie = 'crumb=c%2B1';
    const calls: { url: string; init: RequestInit }[] = [];
    const fetcher = vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      return new Response(JSON.stringify({ error: 'Bad range', code: 'VALIDATION_FAILED', errors: { from: 'Expected a day as YYYY-MM-DD' } }), { status: 400 });
    }) as unknown as typeof fetch;
    const api = createApi({ fetch: fetcher });
    await signOut(api);
    expect(calls[0]!.init.headers).toMatchObject({ 'X-CSRF-Token': 'c+1' });
    const failure = await analyticsCalls(api).report('x', '2025-01-01');
    expect(calls[1]!.url).toBe('/api/owner/analytics?from=x&to=2025-01-01');
    expect(calls[1]!.init.headers).not.toHaveProperty('X-CSRF-Token');
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'Bad range', fieldErrors: { from: 'Expected a day as YYYY-MM-DD' } });
  });
});
