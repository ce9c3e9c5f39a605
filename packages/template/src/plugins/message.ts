// Messages with arguments: `{0}`, `{name}`, `{0 plural one{# item} other{# items}}`, `{0 selectordinal ...}`,
// `{0 select a{...} other{...}}` and formatted arguments `{0 decimal style:short}`, `{0 money}`,
// `{0;1 datetime-interval yMMMd}`, `{0 unit in:byte}`. Plural categories come from Intl.PluralRules.

import { keep } from './bounded.js';

export type MessageNode =
  | string
  | { readonly kind: 'arg'; readonly names: readonly string[]; readonly format?: string; readonly options: string }
  | { readonly kind: 'plural' | 'selectordinal' | 'select'; readonly name: string; readonly branches: Readonly<Record<string, MessageNode[]>> }
  | { readonly kind: 'hash' };

const MAX_CACHED = 200;
const parsed = new Map<string, MessageNode[]>();

/** The message's syntax tree (cached by source); unbalanced braces leave the rest as text. */
export function parseMessage(source: string): MessageNode[] {
  let nodes = parsed.get(source);
  if (nodes === undefined) {
    nodes = new Parser(source).nodes(false, false);
    keep(parsed, source, nodes, MAX_CACHED);
  }
  return nodes;
}

class Parser {
  pos = 0;
  constructor(private readonly s: string) {}

  /** Nodes up to the end, or up to the `}` closing a branch when `inBranch`. */
  nodes(inBranch: boolean, inPlural: boolean): MessageNode[] {
    const out: MessageNode[] = [];
    let text = '';
    while (this.pos < this.s.length) {
      const c = this.s[this.pos];
      if (c === '}' && inBranch) break;
      if (c === '#' && inPlural) {
        if (text !== '') {
          out.push(text);
          text = '';
        }
        out.push({ kind: 'hash' });
        this.pos++;
        continue;
      }
      if (c === '{') {
        const start = this.pos;
        const node = this.placeholder();
        if (node === undefined) {
          text += this.s.slice(start);
          this.pos = this.s.length;
          break;
        }
        if (text !== '') {
          out.push(text);
          text = '';
        }
        out.push(node);
        continue;
      }
      text += c;
      this.pos++;
    }
    if (text !== '') out.push(text);
    return out;
  }

  private skipSpace(): void {
    while (this.pos < this.s.length && /\s/.test(this.s[this.pos])) this.pos++;
  }

  private word(): string {
    const start = this.pos;
    while (this.pos < this.s.length && !/[\s{}]/.test(this.s[this.pos])) this.pos++;
    return this.s.slice(start, this.pos);
  }

  /** `{...}` at pos; undefined when it is not closed. */
  private placeholder(): MessageNode | undefined {
    this.pos++; // {
    this.skipSpace();
    const spec = this.word();
    this.skipSpace();
    if (this.s[this.pos] === '}') {
      this.pos++;
      return { kind: 'arg', names: spec.split(';'), options: '' };
    }
    const type = this.word();
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      const branches: Record<string, MessageNode[]> = {};
      for (;;) {
        this.skipSpace();
        if (this.pos >= this.s.length) return undefined;
        if (this.s[this.pos] === '}') break;
        const key = this.word();
        this.skipSpace();
        if (this.s[this.pos] !== '{' || key === '') return undefined;
        this.pos++;
        branches[key] = this.nodes(true, type !== 'select');
        if (this.s[this.pos] !== '}') return undefined;
        this.pos++;
      }
      this.pos++;
      return { kind: type, name: spec, branches };
    }
    const close = this.s.indexOf('}', this.pos);
    if (close < 0) return undefined;
    const options = this.s.slice(this.pos, close).trim();
    this.pos = close + 1;
    return { kind: 'arg', names: spec.split(';'), format: type, options };
  }
}
