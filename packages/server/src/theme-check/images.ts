import { isCompiled } from './files.js';
import { finding, positionAt, type CheckInput, type Finding } from './types.js';

/** The text of the tag that opens at `start`, to its `>` (a `>` inside a {...} instruction does not end it). */
function tagAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === '>' && depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** An alt attribute written out, or the platform's image-alt formatter that writes one. */
const HAS_ALT = /\salt\s*=|\|\s*image-alt\b/;

/** Images without a text alternative: screen readers announce the file name instead. */
export function checkImages({ files }: CheckInput): Finding[] {
  const out: Finding[] = [];
  for (const [file, text] of files) {
    if (!isCompiled(file)) continue;
    for (const m of text.matchAll(/<img\b/gi)) {
      if (HAS_ALT.test(tagAt(text, m.index))) continue;
      const { line, column } = positionAt(text, m.index);
      out.push(finding('warning', 'img-missing-alt', 'This image has no alt attribute; give it one (alt="" when it is only decoration).', file, line, column));
    }
  }
  return out;
}
