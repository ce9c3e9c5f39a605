import { describe, expect, it } from 'vitest';
import { layoutText, readLayout } from '../src/layout/index.js';

const strip = (html: string) => html.replace(/<[^>]*>/g, ' ');

describe('the words of a layout', () => {
  it('reads what visitors read, block after block, and never a setting such as a link or a file', () => {
    const { layout } = readLayout({
      sections: [
        {
          blocks: [
            { kind: 'text', settings: { html: '<h2>Spring</h2><p>Cupping</p>' } },
            { kind: 'image', settings: { image: 'assets/a.jpg', alt: 'A kettle', caption: 'Pour slowly', link: 'https://x.example' } },
          ],
        },
        {
          blocks: [
            { kind: 'accordion', settings: { items: [{ title: 'Parking?', html: '<p>Behind the hall</p>' }] } },
            { kind: 'code', settings: { html: '<p>Hidden from search</p>' } },
            { kind: 'chart', settings: { title: 'Roasts', columns: ['Month', 'Kilos'], rows: [['May', '40']] } },
            { kind: 'button', hidden: { mobile: true }, settings: { label: 'Book', link: '/book' } },
          ],
        },
      ],
    });
    expect(layoutText(layout.sections, strip)).toBe('Spring Cupping Pour slowly A kettle Parking? Behind the hall Roasts Month Kilos Book');
    expect(layoutText([], strip)).toBe('');
  });
});
