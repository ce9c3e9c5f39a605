import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from '../../src/http/rich-text.js';

describe('rich text from the editor', () => {
  it('keeps what the editor makes: headings, paragraphs, lists, quotes, links, bold and italic', () => {
    const html =
      '<h2>Workshops</h2><p>Learn to <strong>throw</strong> a <em>mug</em>.</p><ul><li>One</li></ul><ol start="3"><li>Three</li></ol><blockquote><p>Quote</p></blockquote><p><a href="/shop">Shop</a> <a href="https://example.com/x" target="_blank">Out</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Workshops</h2><p>Learn to <strong>throw</strong> a <em>mug</em>.</p><ul><li>One</li></ul><ol start="3"><li>Three</li></ol><blockquote><p>Quote</p></blockquote><p><a href="/shop">Shop</a> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">Out</a></p>',
    );
  });

  it('drops scripts, event handlers, styles and javascript: links, keeping their visible text', () => {
    const html =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a> <a href=" JaVaScRiPt:alert(4)">me</a><iframe src="https://evil.example"></iframe><span>kept</span></p><style>p{}</style>';
    expect(sanitizeRichText(html)).toBe('<p>Hi<a>click</a> <a>me</a>kept</p>');
  });

  it('reads the plain text of a rich text', () => {
    expect(richTextToPlain('<h2>Title</h2><p>Body <b>bold</b></p>')).toBe('Title Body bold');
    // Text, not HTML: what a visitor types into search.
    expect(richTextToPlain('<p>Salt &amp; pepper &lt;3 &quot;ok&quot; &#x27;x&#x27;</p>')).toBe('Salt & pepper <3 "ok" \'x\'');
  });
});
