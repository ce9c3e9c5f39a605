// A post's page shows its main image, or its video in place of it.
import { compile } from '@tessera/template';
import { describe, expect, it } from 'vitest';
import { NOW, pageFor } from './page-context.js';
import { readTheme } from './theme-files.js';

const { source, partials } = await readTheme('default');
const POST = compile(source('collections/blog.item'));

describe('a post page', () => {
  const page = pageFor('/journal/how-we-choose-green-coffee').context;

  it('shows the main image with its alt text above the body, and the tags', () => {
    const out = POST.render(page, { partials, now: NOW, locale: 'en-US' });
    expect(out.errors).toEqual([]);
    expect(out.output).toContain('<figure class="post-figure container">');
    expect(out.output).toContain('alt="A coffee branch heavy with red cherries above two sacks of green coffee"');
    expect(out.output).toContain('<span class="tag">sourcing</span>');
  });

  it('shows a video in place of the main image', () => {
    const item = { ...page.item, video: { title: 'Morning brew', kind: 'video', url: '/assets/brew.webm' } };
    const out = POST.render({ ...page, item }, { partials, now: NOW, locale: 'en-US' });
    expect(out.output).toContain('post-video');
    expect(out.output).not.toContain('post-figure');
  });
});
