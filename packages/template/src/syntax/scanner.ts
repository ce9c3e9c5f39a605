// Stage 1 of the pipeline: split template source into literal text and instruction candidates.
//
// An instruction candidate is `{` ... `}` with no other `{` in between (it may span lines). A `{` that is
// followed by another `{` before any `}` is literal text. `{## ... ##}` is a multi-line comment that may
// contain braces; one left open swallows the rest of the template. Whether a candidate really is an
// instruction is decided by the lexer; candidates that are not stay in the text exactly as written.

import type { Position } from '../errors.js';

export interface LineIndex {
  posAt(offset: number): Position;
  /** Sets `line` and `column` to the position of `offset`, without allocating. */
  locate(offset: number): void;
  line: number;
  column: number;
}

class Lines implements LineIndex {
  line = 1;
  column = 1;
  private starts: number[] | null = null;
  // Offsets mostly come in increasing order while parsing: follow them line by line from the last one.
  private lastOffset = 0;
  private lastLine = 1;
  private lastLineStart = 0;
  /** The first line feed at or after lastOffset (-1: none; -2: not searched yet). */
  private nextFeed = -2;

  constructor(private readonly source: string) {}

  locate(offset: number): void {
    if (offset < this.lastOffset) {
      const p = this.search(offset);
      this.line = p.line;
      this.column = p.column;
      return;
    }
    const source = this.source;
    let nl = this.nextFeed === -2 ? source.indexOf('\n', this.lastOffset) : this.nextFeed;
    while (nl >= 0 && nl < offset) {
      this.lastLine++;
      this.lastLineStart = nl + 1;
      nl = source.indexOf('\n', nl + 1);
    }
    this.nextFeed = nl;
    this.lastOffset = offset;
    this.line = this.lastLine;
    this.column = offset - this.lastLineStart + 1;
  }

  posAt(offset: number): Position {
    this.locate(offset);
    return { line: this.line, column: this.column };
  }

  private search(offset: number): Position {
    if (this.starts === null) {
      const starts = [0];
      for (let i = this.source.indexOf('\n'); i >= 0; i = this.source.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts = starts;
    }
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }
}

export function lineIndex(source: string): LineIndex {
  return new Lines(source);
}

export interface ScanSink {
  /** Literal text source[start, end). */
  text(start: number, end: number): void;
  /**
   * An instruction candidate: `{` at `open`, content source[open + 1, close), `}` at `close`.
   * Returns false when the content is not an instruction, so the scanner keeps it as text. When it
   * accepts, the sink first takes the pending literal text source[textStart, open).
   */
  candidate(open: number, close: number, textStart: number): boolean;
  /** A multi-line comment starting at `open` that is never closed. */
  unterminatedComment(open: number): void;
}

export function scan(source: string, sink: ScanSink): void {
  const n = source.length;
  let textStart = 0;
  let i = 0;
  // After a literal `{`, the inner `{` found while looking for its `}` is read as an ordinary
  // candidate: `{##...}` there is a one-line comment, not the start of a multi-line one.
  let inner = false;
  // Positions found by indexOf (native and fast) are kept while still ahead, so every character is
  // searched over a bounded number of times even for input like `{{{{{{`.
  let nextClose = -2;
  // The first `{` after the last candidate's, when already found (-1: there is none; -2: not searched).
  let nextOpen = -2;
  while (i < n) {
    const open = nextOpen === -1 ? -1 : nextOpen >= i ? nextOpen : source.indexOf('{', i);
    if (open < 0) break;
    const fromInner = inner && open === i;
    inner = false;
    if (!fromInner && source.charCodeAt(open + 1) === 35 /* # */ && source.charCodeAt(open + 2) === 35) {
      const end = source.indexOf('##}', open + 3);
      if (open > textStart) sink.text(textStart, open);
      if (end < 0) {
        sink.unterminatedComment(open);
        return;
      }
      i = textStart = end + 3;
      continue;
    }
    if (nextClose !== -1 && nextClose <= open) nextClose = source.indexOf('}', open + 1);
    if (nextClose < 0) break; // no `}` anywhere after: the rest is text
    const innerOpen = source.indexOf('{', open + 1);
    nextOpen = innerOpen;
    if (innerOpen >= 0 && innerOpen < nextClose) {
      i = innerOpen; // this `{` is literal; try again from the inner one
      inner = true;
      continue;
    }
    if (sink.candidate(open, nextClose, textStart)) textStart = nextClose + 1;
    i = nextClose + 1;
  }
  if (n > textStart) sink.text(textStart, n);
}
