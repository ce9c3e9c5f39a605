import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlAttr, escapeHtmlText } from '../src/html/index.js';

// What each function must write, spelled the slow and obvious way.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const reference = (chars: string) => (s: string) => s.replace(new RegExp(`[${chars}]`, 'g'), (c) => ENTITIES[c]!);

describe('escaping for HTML', () => {
  it('escapes & < > in a text node and keeps its quotes', () => {
    expect(escapeHtmlText(`Tom & Jerry's <b>"show"</b>`)).toBe(`Tom &amp; Jerry's &lt;b&gt;"show"&lt;/b&gt;`);
  });

  it('escapes the double quote too in a double-quoted attribute value, not the single one', () => {
    expect(escapeHtmlAttr(`a "b" & 'c' <d>`)).toBe(`a &quot;b&quot; &amp; 'c' &lt;d&gt;`);
  });

  it("escapes both quotes where the text may go anywhere (the server's pages and mail)", () => {
    expect(escapeHtml(`Formatter 'nope' is "unknown" & <bad>`)).toBe('Formatter &#39;nope&#39; is &quot;unknown&quot; &amp; &lt;bad&gt;');
  });

  it('gives back the same string when there is nothing to escape', () => {
    const s = 'Plain text, with commas; and unicode: café ☕';
    expect(escapeHtmlText(s)).toBe(s);
    expect(escapeHtmlAttr(s)).toBe(s);
    expect(escapeHtml(s)).toBe(s);
    expect(escapeHtml('')).toBe('');
  });

  it('escapes at the first and the last character, and runs of them', () => {
    expect(escapeHtml('<')).toBe('&lt;');
    expect(escapeHtml('&&x>>')).toBe('&amp;&amp;x&gt;&gt;');
    expect(escapeHtmlText('x"<')).toBe('x"&lt;');
  });

  it('writes what one replace per character would, for any text', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '&', '<', '>', '"', "'", 'é', '\u{1F600}', ';') });
    fc.assert(
      fc.property(text, (s) => {
        expect(escapeHtmlText(s)).toBe(reference('&<>')(s));
        expect(escapeHtmlAttr(s)).toBe(reference('&<>"')(s));
        expect(escapeHtml(s)).toBe(reference(`&<>"'`)(s));
      }),
    );
  });
});
