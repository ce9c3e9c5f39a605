// The preprocessor pass: `{^...}` instructions run first, over the same data, and what they write is the
// template that then compiles and renders as usual. In the first pass every ordinary instruction is plain
// text, so `{^.section foo}{.section bar}{^foo}{bar}{^.end}{.end}` first becomes
// `{.section bar}<foo's value>{bar}{.end}` when foo is set, and nothing at all when it is not. This is the
// Java reference engine's two-pass model; a template without `{^` is compiled in one pass.

const MARK = '{^';

/** Whether the source holds a preprocessor instruction. */
export function hasPreprocessInstructions(source: string): boolean {
  return source.includes(MARK);
}

// Literal text of the first pass: its braces are written with .meta-left / .meta-right, so that no
// ordinary instruction runs before the second pass.
const literal = (text: string): string => text.replace(/[{}]/g, (c) => (c === '{' ? '{.meta-left}' : '{.meta-right}'));

/**
 * The first-pass source: each `{^X}` becomes the instruction `{X}`, everything else literal text. A `{^`
 * with no closing brace on its line stays text, as an unfinished instruction does.
 */
export function firstPassSource(source: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = source.indexOf(MARK, at);
    if (start < 0) break;
    const end = source.indexOf('}', start + MARK.length);
    const newline = source.indexOf('\n', start);
    if (end < 0 || (newline >= 0 && newline < end)) {
      out += literal(source.slice(at, start + MARK.length));
      at = start + MARK.length;
      continue;
    }
    // `{^ ...}` is no instruction in the first pass either: it stays as it is, for the second pass to skip.
    const opens = source.charCodeAt(start + MARK.length);
    if (opens === 32 || opens === 9 || end === start + MARK.length) {
      out += literal(source.slice(at, end + 1));
    } else {
      out += literal(source.slice(at, start)) + '{' + source.slice(start + MARK.length, end + 1);
    }
    at = end + 1;
  }
  return out + literal(source.slice(at));
}
