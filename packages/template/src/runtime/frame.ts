// A frame is one level of the data stack: the node a section, repeated element, partial or macro works on.
// Frames are created per render and never shared, so the compiled template itself stays immutable.

import type { Unit } from './state.js';

export class Frame {
  /** Variables defined here by .var, .ctx, .inject, .eval assignments and apply's @args. */
  vars: Map<string, unknown> | null = null;
  /** Macros defined here by `.macro` (looked up from inner frames outwards, before partials). */
  macros: Map<string, MacroDef> | null = null;

  constructor(
    readonly node: unknown,
    readonly parent: Frame | null,
    /** 0-based position for an element of a repeated section, else -1. */
    readonly index: number = -1,
    /** Name lookups do not go past this frame (a partial applied with `private`). */
    readonly stop: boolean = false,
  ) {}

  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  defineMacro(name: string, def: MacroDef): void {
    (this.macros ??= new Map()).set(name, def);
  }
}

export interface MacroDef {
  readonly name: string;
  /** The macro body; its `name` is the partial the macro was written in (for error positions). */
  readonly unit: Unit;
}

// Variables and positions, like names, are not seen through a private partial's frame; macros are.
export function findVar(f: Frame | null, name: string): unknown {
  for (let fr = f; fr !== null; fr = fr.parent) {
    const vars = fr.vars;
    if (vars?.has(name)) return vars.get(name);
    if (fr.stop) break;
  }
  return undefined;
}

export function findMacro(f: Frame | null, name: string): MacroDef | undefined {
  for (let fr = f; fr !== null; fr = fr.parent) {
    const m = fr.macros?.get(name);
    if (m !== undefined) return m;
  }
  return undefined;
}

export function findIndex(f: Frame | null): number {
  for (let fr = f; fr !== null; fr = fr.parent) {
    if (fr.index >= 0) return fr.index;
    if (fr.stop) break;
  }
  return -1;
}
