// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { listenForTweaks, type TweakDetail } from '../../src/preview/tweaks.js';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function heard(post: (data: unknown, origin?: string) => void): TweakDetail[] {
  const got: TweakDetail[] = [];
  window.addEventListener('tessera:tweak', (event) => got.push((event as CustomEvent<TweakDetail>).detail));
  stop = listenForTweaks(window);
  post({ 'tessera:tweak': true, type: 'change', path: 'colorPalette.accent', value: '#0a7a5a', css: ':root{}' });
  return got;
}

// The studio's frame is the page's parent; at the top of jsdom the window is its own parent.
const message = (data: unknown, origin = window.location.origin) => window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));

describe("the design preview's tweak listener", () => {
  it('re-dispatches each tweak event of the studio as a tessera:tweak CustomEvent, a change with its CSS', () => {
    const got = heard(message);
    for (const type of ['save', 'reset', 'close', 'after show', 'after close', 'before open']) message({ 'tessera:tweak': true, type });
    expect(got[0]).toEqual({ type: 'change', path: 'colorPalette.accent', value: '#0a7a5a', css: ':root{}' });
    expect(got.map((d) => d.type)).toEqual(['change', 'save', 'reset', 'close', 'after show', 'after close', 'before open']);
  });

  it('ignores messages from another origin, without the marker, and of unknown types', () => {
    const got = heard((data) => message(data, 'https://elsewhere.example'));
    message({ type: 'change' });
    message({ 'tessera:tweak': true, type: 'explode' });
    message('tessera:tweak');
    expect(got).toEqual([]);
  });

  it("keeps a special page's colour theme class in step with the setting in the CSS of a change, a save or a reset", () => {
    document.body.innerHTML =
      '<div id="lock" class="lock-page color-theme-default" data-color-theme-setting="lock-screen-color-theme"></div><div id="other" class="color-theme-light"></div>';
    stop = listenForTweaks(window);
    message({
      'tessera:tweak': true,
      type: 'change',
      path: 'settings.lock-screen-color-theme',
      value: 'dark',
      css: ':root{--setting-lock-screen-color-theme:dark}',
    });
    expect(document.getElementById('lock')!.className).toBe('lock-page color-theme-dark');
    message({ 'tessera:tweak': true, type: 'reset', css: ':root{--setting-lock-screen-color-theme:default;--setting-checkout-color-theme:accent}' });
    expect(document.getElementById('lock')!.className).toBe('lock-page color-theme-default');
    // A page without the marker keeps its classes; CSS without the setting changes nothing.
    message({ 'tessera:tweak': true, type: 'change', path: 'colorPalette.accent', value: '#123456', css: ':root{--palette-accent:#123456}' });
    expect(document.getElementById('lock')!.className).toBe('lock-page color-theme-default');
    expect(document.getElementById('other')!.className).toBe('color-theme-light');
    document.body.innerHTML = '';
  });
});
