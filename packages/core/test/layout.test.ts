import { describe, expect, it } from 'vitest';
import { BLOCK_KINDS, countBlocks, isValidLink, linksMessage, newBlock, newSection, readLayout } from '../src/layout/index.js';

const errors = (input: unknown) => readLayout(input).problems.filter((p) => p.level === 'error');

describe('page layouts', () => {
  it('fills a bare layout with the defaults of each section and block', () => {
    const { layout, problems } = readLayout({
      sections: [
        {
          id: 's-1',
          blocks: [
            { id: 'b-1', kind: 'button' },
            { id: 'b-2', kind: 'summary' },
          ],
        },
      ],
    });
    expect(problems).toEqual([]);
    const [section] = layout.sections;
    expect(section).toMatchObject({ id: 's-1', theme: 'default', width: 'wide', columns: 1, hidden: { mobile: false, desktop: false } });
    expect(section!.spacing).toEqual({ top: { desktop: 'medium' }, bottom: { desktop: 'medium' } });
    expect(section!.blocks[0]).toEqual({
      id: 'b-1',
      kind: 'button',
      span: 1,
      hidden: { mobile: false, desktop: false },
      settings: { label: 'Learn more', link: '', style: 'primary', size: 'medium', align: 'left', newWindow: false },
    });
    // A kind with variants takes its first (summary: grid, 1007).
    expect(section!.blocks[1]).toMatchObject({ kind: 'summary', variant: 1007, settings: { limit: 3, columns: 3 } });
  });

  it('keeps per-screen-size values, a mobile one falling back to the desktop one', () => {
    const { layout } = readLayout({
      sections: [
        {
          spacing: { top: { desktop: 'large', mobile: 'small' }, bottom: 'none' },
          blocks: [{ kind: 'spacer', settings: { height: { desktop: 120, mobile: 40 } } }],
        },
      ],
    });
    expect(layout.sections[0]!.spacing).toEqual({ top: { desktop: 'large', mobile: 'small' }, bottom: { desktop: 'none' } });
    expect(layout.sections[0]!.blocks[0]!.settings).toEqual({ height: { desktop: 120, mobile: 40 } });
  });

  it('refuses a 61st block with the limit of the spec, across sections', () => {
    const blocks = (n: number) => Array.from({ length: n }, () => ({ kind: 'line' }));
    expect(errors({ sections: [{ blocks: blocks(30) }, { blocks: blocks(30) }] })).toEqual([]);
    expect(errors({ sections: [{ blocks: blocks(30) }, { blocks: blocks(31) }] })).toEqual([
      { path: 'sections', message: 'A layout holds at most 60 blocks; this one has 61.', level: 'error' },
    ]);
    expect(countBlocks(readLayout({ sections: [{ blocks: blocks(2) }, { blocks: blocks(3) }] }).layout)).toBe(5);
  });

  it('names each bad value by its path, with the spec’s messages', () => {
    expect(
      errors({
        sections: [
          {
            width: 'huge',
            blocks: [{ kind: 'button', settings: { link: 'javascript:alert(1)' } }, { kind: 'image', variant: 1000 }, { kind: 'marquee' }],
          },
        ],
      }),
    ).toEqual([
      { path: 'sections[0].width', message: 'huge is not one of the expected options', level: 'error' },
      { path: 'sections[0].blocks[0].settings.link', message: 'Links must be formatted as https://example.com or /about', level: 'error' },
      { path: 'sections[0].blocks[1].variant', message: '1000 is not one of the expected options', level: 'error' },
      { path: 'sections[0].blocks[2].kind', message: 'marquee is not a kind of block.', level: 'error' },
    ]);
  });

  it('gives a block one column of its section unless it spans more, never more than the section has', () => {
    const { layout } = readLayout({ sections: [{ columns: 3, blocks: [{ kind: 'line' }, { kind: 'line', span: 2 }, { kind: 'line', span: 4 }] }] });
    expect(layout.sections[0]!.blocks.map((b) => b.span)).toEqual([1, 2, 3]);
  });

  it('refuses two parts with one id', () => {
    expect(errors({ sections: [{ id: 'x', blocks: [{ id: 'x', kind: 'line' }] }] }).map((p) => p.message)).toEqual(['Two parts of the page have the id x.']);
  });

  it('checks a chart’s dataset with the spec’s messages, and cuts it to 100 rows with a warning', () => {
    const chart = (settings: object) => readLayout({ sections: [{ blocks: [{ kind: 'chart', settings }] }] }).problems.map((p) => [p.level, p.message]);
    expect(chart({ columns: [], rows: [] })).toEqual([
      ['error', 'Your dataset must have at least one column'],
      ['error', 'Your dataset must have at least one row'],
    ]);
    expect(chart({ columns: ['Month', 'Sales'], rows: [['May', '3'], ['June']] })).toEqual([['error', 'One or more rows was missing data.']]);
    const rows = Array.from({ length: 120 }, (_, i) => [`r${i}`, String(i)]);
    expect(chart({ columns: ['Name', 'Value'], rows })).toEqual([['warning', 'Your dataset has been truncated to 100 rows']]);
    const { layout } = readLayout({ sections: [{ blocks: [{ kind: 'chart', settings: { columns: ['Name', 'Value'], rows } }] }] });
    expect((layout.sections[0]!.blocks[0]!.settings as { readonly rows: readonly unknown[] }).rows).toHaveLength(100);
  });

  it('accepts the links a visitor can follow', () => {
    for (const ok of ['https://example.com/a?b=1', 'http://localhost:3000/x', '/about', '/', '#contact', 'mailto:hi@example.com', 'tel:+1 555 0100'])
      expect(isValidLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'example', 'ftp://x.y', 'https://', 'data:text/html,hi', ' /a b']) expect(isValidLink(bad), bad).toBe(false);
    expect(linksMessage()).toBe('Links must be formatted as https://example.com or /about');
  });

  it('makes new blocks of every kind valid as they are, each with its BlockType', () => {
    for (const kind of Object.keys(BLOCK_KINDS) as (keyof typeof BLOCK_KINDS)[]) {
      const block = newBlock(kind);
      expect(block.kind).toBe(kind);
      expect(block.id).toMatch(/^b-[0-9a-f]{12}$/);
      const section = { ...newSection(), blocks: [block] };
      const problems = errors({ sections: [section] }).filter((p) => !p.message.startsWith('Your dataset'));
      expect(problems, kind).toEqual([]);
    }
    expect(BLOCK_KINDS.accordion.type).toBe(69);
    expect(BLOCK_KINDS.product.type).toBe(43);
  });
});
