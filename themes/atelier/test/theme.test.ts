// Atelier (the second built-in theme) compiles and renders with Tessera's engine: the tests every built-in
// theme shares (themes/default/test/theme-suite.ts), then what is Atelier's own.
import { describe, expect, it } from 'vitest';
import { readTheme } from '../../default/test/theme-files.js';
import { describeTheme } from '../../default/test/theme-suite.js';

await describeTheme('atelier', 'Atelier', {
  first: '(min-width: 1280px) 564px, (min-width: 900px) calc(50vw - 76px), calc(80vw - 6px)',
  others: '(min-width: 1280px) 564px, (min-width: 900px) calc(50vw - 76px), calc(80vw - 6px)',
});

const { renderPage } = await readTheme('atelier');

describe("Atelier's own layout", () => {
  it('leads the journal with its first post across the page, and sizes its picture for that', () => {
    const { html, errors } = renderPage('/journal');
    expect(errors).toEqual([]);
    const cards = html.match(/<article class="post-card[^"]*"/g) ?? [];
    expect(cards.length).toBeGreaterThan(2);
    expect(cards[0]).toContain('post-card post-card--lead');
    expect(cards.slice(1).some((c) => c.includes('--lead'))).toBe(false);
    expect(html).toContain('sizes="(min-width: 1280px) 1200px, (min-width: 800px) calc(100vw - 80px), 100vw"');
  });

  it('draws the masthead and the footer in the dark colour theme, opened by the site name', () => {
    const { html } = renderPage('/');
    expect(html).toContain('<header class="site-header site-header--masthead">');
    expect(html).toContain('<footer class="site-footer color-theme-dark">');
    expect(html).toContain('<p class="site-footer__wordmark container" aria-hidden="true">Tessera Supply Co.</p>');
  });
});
