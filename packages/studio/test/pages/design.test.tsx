// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createApi } from '@tessera/core/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DesignPage from '../../src/pages/design/page.js';
import { fakeServer, json } from '../helpers.js';
import { design, previewAnswer } from './design-fixtures.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const PATH = '/api/owner/design';
const context = { page: 'design', siteTitle: 'Tessera Supply Co.', language: 'en-US', email: 'owner@shop.test', permissions: ['editStyles'] };
const TOO_PALE = 'Text on this background has a contrast of 1.4:1; at least 4.5:1 is needed to be readable.';

/** Lets the fetches answer and the preview's short wait pass. */
const settle = (ms = 0) =>
  act(async () => {
    if (ms) await new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });

async function open(server: ReturnType<typeof fakeServer>) {
  document.cookie = 'crumb=crumb-7';
  render(<DesignPage context={context} api={createApi({ fetch: server.fetch })} />);
  await settle();
}

const region = (name: string) => screen.getByRole('region', { name });
const field = (path: string) => document.querySelector(`[data-path="${path}"]`) as HTMLElement;
const frameDoc = () => (screen.getByTitle(/^Preview of/) as HTMLIFrameElement).contentDocument!;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the owner's design page", () => {
  it('draws every setting the theme declares by its type, in its group, and each responsive one per screen size', async () => {
    await open(fakeServer().once(PATH, () => json(200, design())));
    expect((within(region('Buttons')).getByLabelText('Button shape') as HTMLSelectElement).value).toBe('rounded');
    expect(
      within(region('Buttons'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Square', 'Rounded', 'Pill']);
    expect((within(region('Spacing')).getByLabelText('Section spacing, desktop (px)') as HTMLInputElement).value).toBe('96');
    const width = within(region('Widths')).getByLabelText('Content width (px)') as HTMLInputElement;
    expect([width.value, width.min, width.max, width.step]).toEqual(['1200', '720', '1600', '20']);
    expect(within(region('Widths')).getByLabelText('Content width slider')).toBeTruthy();
    expect((within(region('Header')).getByLabelText('Sticky header') as HTMLInputElement).checked).toBe(false);
    expect((within(region('Footer')).getByLabelText('Footer note') as HTMLInputElement).value).toBe('Made by hand');
    expect((within(region('Pages')).getByLabelText('Lock screen background') as HTMLSelectElement).value).toBe('darkest');
    const font = within(region('Pages')).getByLabelText('Popup overlay font') as HTMLSelectElement;
    expect(font.value).toBe('fraunces');
    expect(Array.from(font.querySelectorAll('optgroup')).map((g) => g.label)).toEqual(['Serif', 'Sans serif', 'Monospace']);
    // The palette, the four colour themes' roles, the fonts of the active font theme and their sizes.
    expect((within(region('Colours')).getByLabelText('Accent') as HTMLInputElement).value).toBe('#a8431f');
    // A colour theme's roles are drawn once it is opened (jsdom does not open a details on a click).
    const dark = screen.getByText('Colour theme: Dark').closest('details')!;
    dark.open = true;
    fireEvent(dark, new Event('toggle'));
    expect((screen.getByLabelText('Dark: Heading') as HTMLSelectElement).value).toBe('lightest');
    expect((screen.getByLabelText('Heading font') as HTMLSelectElement).value).toBe('fraunces');
    expect((screen.getByLabelText('Heading weight') as HTMLSelectElement).value).toBe('600');
    expect((screen.getByLabelText('Heading 1 size') as HTMLInputElement).value).toBe('3.2');
    // The Phone switch shows (and edits) the phone's values; a phone value not set falls back to the desktop's.
    fireEvent.click(screen.getByRole('button', { name: 'Phone' }));
    expect((screen.getByLabelText('Section spacing, phone (px)') as HTMLInputElement).value).toBe('48');
    expect((screen.getByLabelText('Heading 1 size') as HTMLInputElement).value).toBe('2.2');
    expect(screen.getByTitle(/^Preview of/).getAttribute('title')).toContain('phone');
    // The themes, with the current one marked.
    expect(within(region('Theme')).getByRole('radio', { name: /Default \(current\)/ })).toBeTruthy();
    expect(within(region('Theme')).getByRole('radio', { name: /Atelier/ })).toBeTruthy();
    expect(screen.getByTitle(/^Preview of/).getAttribute('src')).toBe('/?tessera-preview=1');
  });

  it("draws the special pages' settings in the Pages group, and the preview offers those pages", async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, design()))
      .once(`${PATH}/preview`, () => json(200, previewAnswer(':root{--setting-checkout-color-theme:dark}')));
    await open(server);
    const pages = region('Pages');
    for (const [label, value] of [
      ['Lock screen colour theme', 'default'],
      ['Popup overlay colour theme', 'light'],
      ['Checkout colour theme', 'default'],
    ]) {
      const select = within(pages).getByLabelText(label) as HTMLSelectElement;
      expect(select.value, label).toBe(value);
      expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Default', 'Light', 'Dark', 'Accent']);
    }
    const opacity = within(pages).getByLabelText('Popup overlay backdrop opacity (%)') as HTMLInputElement;
    expect([opacity.value, opacity.min, opacity.max, opacity.step]).toEqual(['60', '0', '90', '5']);
    // A change of one previews it like any other setting.
    fireEvent.change(within(pages).getByLabelText('Checkout colour theme'), { target: { value: 'dark' } });
    await settle(60);
    expect(server.to(`${PATH}/preview`).map((r) => r.body)).toEqual([{ changes: { 'settings.checkout-color-theme': 'dark' } }]);
    // The preview's page select: the site's pages, then the special pages the server names.
    const picker = screen.getByLabelText('Page') as HTMLSelectElement;
    expect(Array.from(picker.options).map((o) => o.textContent)).toEqual([
      'Home',
      'Shop',
      'Blog',
      'Cart',
      'Lock screen',
      'Checkout',
      'Cover: Welcome',
      'Another page…',
    ]);
    fireEvent.change(picker, { target: { value: '/config/design/lock-screen' } });
    await settle();
    expect(screen.getByTitle(/^Preview of/).getAttribute('src')).toBe('/config/design/lock-screen?tessera-preview=1');
  });

  it('previews a change without saving: the preview call carries it, its CSS goes into the frame and a change tweak is posted', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, design()))
      .once(`${PATH}/preview`, () => json(200, previewAnswer(':root{--palette-accent:#0a7a5a}')));
    await open(server);
    const frame = screen.getByTitle(/^Preview of/) as HTMLIFrameElement;
    // jsdom loads no page into the frame: an empty document stands for it.
    const doc = frame.contentDocument!;
    if (!doc.documentElement) doc.appendChild(doc.createElement('html')).appendChild(doc.createElement('head'));
    const posted = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    type('Accent', '#0a7a5a');
    await settle(60);
    const sent = server.to(`${PATH}/preview`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toEqual({ changes: { 'colorPalette.accent': '#0a7a5a' } });
    expect(frameDoc().getElementById('tessera-styles')!.textContent).toBe(':root{--palette-accent:#0a7a5a}');
    expect(posted).toHaveBeenCalledWith(
      { 'tessera:tweak': true, type: 'change', path: 'colorPalette.accent', value: '#0a7a5a', css: ':root{--palette-accent:#0a7a5a}' },
      window.location.origin,
    );
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Changes not saved yet');
  });

  it('saves only the paths changed since the page was read, with the revision; undo takes a change back', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, design()))
      .once(PATH, () => json(200, design({ revision: 5, saved: { 'colorPalette.accent': '#0a7a5a' } })));
    for (let i = 0; i < 4; i++) server.once(`${PATH}/preview`, () => json(200, previewAnswer(`/* ${i} */`)));
    await open(server);
    type('Accent', '#0a7a5a');
    type('Button shape', 'pill');
    type('Button shape', 'rounded');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sticky header' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect((screen.getByLabelText('Sticky header') as HTMLInputElement).checked).toBe(false);
    await settle(60);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const put = server.to(PATH).filter((r) => r.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({ revision: 4, changes: { 'colorPalette.accent': '#0a7a5a' } });
    expect(put[0]!.headers['x-csrf-token']).toBe('crumb-7');
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the owner’s changes when the styles were saved elsewhere (409), and reloads under them', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, design()))
      .once(`${PATH}/preview`, () => json(200, previewAnswer('/* mine */')))
      .once(PATH, () => json(409, { error: 'The styles were changed by someone else.', code: 'DESIGN_CONFLICT' }))
      .once(PATH, () => json(200, design({ revision: 9 })))
      .once(`${PATH}/preview`, () => json(200, previewAnswer('/* mine */')))
      .once(PATH, () => json(200, design({ revision: 10 })));
    await open(server);
    type('Accent', '#0a7a5a');
    await settle(60);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'The styles were changed elsewhere' });
    expect(within(dialog).getByText('The styles were changed by someone else.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await settle(60);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Accent') as HTMLInputElement).value).toBe('#0a7a5a');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const put = server.to(PATH).filter((r) => r.method === 'PUT');
    expect(put.map((r) => (r.body as { revision: number }).revision)).toEqual([4, 9]);
  });

  it('asks before resetting every style, and resets one setting to the theme default as an unsaved change', async () => {
    const saved = design({ saved: { 'settings.button-shape': 'pill' }, values: { ...design().values, 'settings.button-shape': 'pill' } });
    const server = fakeServer()
      .once(PATH, () => json(200, saved))
      .once(`${PATH}/preview`, () => json(200, previewAnswer('/* rounded */')))
      .once(`${PATH}/reset`, () => json(200, design({ revision: 5 })));
    await open(server);
    const shape = field('settings.button-shape');
    fireEvent.click(within(shape).getByRole('button', { name: 'Reset to theme default: Button shape' }));
    expect((screen.getByLabelText('Button shape') as HTMLSelectElement).value).toBe('rounded');
    await settle(60);
    expect(server.to(`${PATH}/preview`)[0]!.body).toEqual({ changes: { 'settings.button-shape': null } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset all' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset every style?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.to(`${PATH}/reset`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Reset all' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await settle();
    expect(server.to(`${PATH}/reset`)[0]!.body).toEqual({ revision: 4 });
    expect(screen.getByText("Every style is back to the theme's default.")).toBeTruthy();
  });

  it('shows a contrast warning beside the colour it names, and a refused value’s message beside its field', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, design({ warnings: [{ path: 'colorThemes.light.heading', message: 'Old warning.' }] })))
      .once(`${PATH}/preview`, () => json(200, previewAnswer('/* pale */', { warnings: [{ path: 'colorThemes.default.text', message: TOO_PALE }] })))
      .once(PATH, () =>
        json(400, {
          error: 'Some values are not valid.',
          code: 'VALIDATION_FAILED',
          errors: { 'colorPalette.accent': 'Enter a colour as # and 3 to 6 hex digits.' },
        }),
      );
    await open(server);
    expect(within(field('colorThemes.light.heading')).getByText('Old warning.')).toBeTruthy();
    type('Default: Text', '__custom');
    type('Default: Text, custom colour', '#dddddd');
    await settle(60);
    const text = field('colorThemes.default.text');
    expect(within(text).getByText(TOO_PALE)).toBeTruthy();
    expect(screen.queryByText('Old warning.')).toBeNull();
    expect(screen.getByText(/1 contrast warning/)).toBeTruthy();
    type('Accent', '#12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const accent = field('colorPalette.accent');
    expect(within(accent).getByText('Enter a colour as # and 3 to 6 hex digits.')).toBeTruthy();
    expect(screen.getByLabelText('Accent').getAttribute('aria-describedby')).toContain('error');
    expect(screen.getByText('Not saved: correct the fields marked.')).toBeTruthy();
  });

  it('switches the theme after the owner confirms that the content stays', async () => {
    const server = fakeServer()
      .once(PATH, () => json(200, design()))
      .once(`${PATH}/theme`, () => json(200, design({ revision: 5, theme: { name: 'atelier', label: 'Atelier' } })));
    await open(server);
    fireEvent.click(screen.getByRole('radio', { name: /Atelier/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch theme' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Atelier?' });
    expect(within(dialog).getByText("Your pages, products and posts stay; the new theme's styles apply.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    await settle();
    expect(server.to(`${PATH}/theme`)[0]!.body).toEqual({ revision: 4, theme: 'atelier' });
    expect(screen.getByText('The site now uses the theme Atelier.')).toBeTruthy();
    expect(within(region('Theme')).getByRole('radio', { name: /Atelier \(current\)/ })).toBeTruthy();
  });
});
