// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFormsApi } from '../../../src/api/forms.js';
import { mountPopupOverlay, shouldShowOverlay, type OverlayAction } from '../../../src/islands/forms/popup-overlay.js';
import { fakeServer, json, keyThen } from './helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const overlay = (version = '3', delaySeconds = 0) => ({
  pageType: 2,
  collectionId: 'c1',
  itemId: null,
  popupOverlay: {
    version,
    title: 'Join our newsletter',
    body: '<p>News from the studio, once a month.</p>',
    delaySeconds,
    form: {
      id: 'newsletter',
      name: 'Newsletter',
      newsletter: true,
      honeypot: true,
      captcha: false,
      submissionMessage: '<p>Subscribed.</p>',
      fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
    },
  },
});

let server: ReturnType<typeof fakeServer>;
let reports: OverlayAction[];
let mounted: { unmount(): void } | null;

function mount(context = overlay(), storage: Storage = localStorage) {
  act(() => {
    mounted = mountPopupOverlay(context, {
      api: createFormsApi({ crumb: () => 'crumb-1', fetch: server.fetch }),
      captcha: null,
      storage,
      report: (action) => reports.push(action),
    });
  });
  return mounted;
}

beforeEach(() => {
  server = fakeServer();
  reports = [];
  mounted = null;
  localStorage.clear();
});
afterEach(() => {
  act(() => mounted?.unmount());
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the popup overlay (page type 104)', () => {
  it('shows the newsletter form in a dialog, once, and stays closed after dismissal', () => {
    mount();
    const dialog = screen.getByRole('dialog', { name: 'Join our newsletter' });
    expect(dialog.textContent).toContain('News from the studio, once a month.');
    expect(screen.getByLabelText(/^Email/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(reports).toEqual(['show']);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reports).toEqual(['show', 'close']);
    expect(localStorage.getItem('version')).toBe('3');
    expect(Number(localStorage.getItem('date-closed'))).toBeGreaterThan(Date.now() - 5_000);

    act(() => mounted?.unmount());
    expect(mount()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("wears the colour theme the site's styles name, on its outermost element", () => {
    const sheet = document.createElement('style');
    sheet.id = 'tessera-styles';
    sheet.textContent = ':root{--setting-popup-overlay-color-theme:dark}';
    document.head.append(sheet);
    try {
      mount();
      const outer = screen.getByRole('dialog').parentElement!;
      expect(outer.className).toBe('popup-overlay color-theme-dark');
    } finally {
      sheet.remove();
    }
  });

  it('wears no colour theme class when the page names none', () => {
    mount();
    expect(screen.getByRole('dialog').parentElement!.className).toBe('popup-overlay');
  });

  it('closes with the Escape key', () => {
    mount();
    fireEvent.keyDown(screen.getByLabelText(/^Email/), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('date-closed')).not.toBeNull();
  });

  it('remembers a signup: submitted, and no overlay again', async () => {
    mount();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'reader@example.com' } });
    keyThen(server, () => json(200, { data: { success: true } }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(screen.getByRole('status').textContent).toBe('Subscribed.');
    expect(server.to('/api/form/SaveFormSubmission')[0]!.body as { formId: string; form: unknown }).toMatchObject({
      formId: 'newsletter',
      form: { email: 'reader@example.com' },
    });
    expect(localStorage.getItem('submitted')).toBe('true');
    expect(localStorage.getItem('version')).toBe('3');
    expect(reports).toEqual(['show', 'submit']);
    expect(shouldShowOverlay(localStorage, '3')).toBe(false);
  });

  it('shows again when the site raises the version', () => {
    localStorage.setItem('version', '2');
    localStorage.setItem('date-closed', '1700000000000');
    expect(shouldShowOverlay(localStorage, '2')).toBe(false);
    mount(overlay('3'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('waits for its delay before showing', () => {
    vi.useFakeTimers();
    mount(overlay('3', 5));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows nothing without local storage to remember a dismissal, or without an overlay', () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      expect(mountPopupOverlay(overlay(), { captcha: null })).toBeNull();
    } finally {
      blocked.mockRestore();
    }
    expect(mountPopupOverlay({ pageType: 2 }, { storage: localStorage })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
