// Evaluates reverse-Polish expression programs with an explicit value stack.
// Operators follow JavaScript's rules on primitive values (so `5 + "-6.5"` concatenates and `"5" * "2"`
// multiplies); `&&` and `||` always give booleans; objects and arrays may be loaded and assigned but not
// combined by operators. A missing variable reads as null.

import type { VarPath } from '../syntax/nodes.js';
import type { ExprOp, ExprProgram } from './nodes.js';

export interface ExprEnv {
  load(path: VarPath): unknown;
  assign(name: string, value: unknown): void;
  /** Strings built by `+` longer than this are an error (keeps a doubling loop from eating memory). */
  readonly maxStringLength: number;
}

export type EvalResult = { ok: true; value: unknown; emit: boolean } | { ok: false; message: string };

class ReduceError {
  constructor(readonly message: string) {}
}

const REF = Symbol('ref');
interface Ref {
  readonly [REF]: true;
  readonly name: string;
}
const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && REF in v;

const isPrimitive = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

const MARK = Symbol('mark');

export function evaluate(prog: ExprProgram, env: ExprEnv): EvalResult {
  const ops = prog.ops;
  try {
    const stack = run(ops, env);
    const emit = ops.length > 0 && ops[ops.length - 1].op !== 'assign' && stack.length > 0;
    return { ok: true, value: emit ? deref(stack[stack.length - 1], env) : undefined, emit };
  } catch (e) {
    if (e instanceof ReduceError) return { ok: false, message: e.message };
    throw e;
  }
}

function run(ops: readonly ExprOp[], env: ExprEnv): unknown[] {
  const stack: unknown[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    switch (op.op) {
      case 'const':
        stack.push(op.value);
        break;
      case 'load': {
        const v = env.load(op.path);
        stack.push(v === undefined ? null : v);
        break;
      }
      case 'ref':
        stack.push({ [REF]: true, name: op.name } satisfies Ref);
        break;
      case 'mark':
        stack.push(MARK);
        break;
      case 'unary': {
        if (stack.length < 1) throw new ReduceError(`Invalid arguments to operator ${op.fn}`);
        const a = operand(deref(stack.pop(), env), op.fn) as number;
        stack.push(op.fn === '!' ? !a : op.fn === '~' ? ~a : op.fn === 'neg' ? -a : +a);
        break;
      }
      case 'binary': {
        if (stack.length < 2) throw new ReduceError(`Invalid arguments to operator ${op.fn}`);
        const b = operand(deref(stack.pop(), env), op.fn);
        const a = operand(deref(stack.pop(), env), op.fn);
        stack.push(binary(op.fn, a, b, env.maxStringLength));
        break;
      }
      case 'assign': {
        if (stack.length < 2) throw new ReduceError('Invalid arguments to operator =');
        const v = deref(stack.pop(), env);
        const target = stack.pop();
        if (!isRef(target)) throw new ReduceError('Invalid assignment target: only @variables can be assigned');
        env.assign(target.name, v);
        break;
      }
      case 'call': {
        const mark = stack.lastIndexOf(MARK);
        const args = stack.splice(mark + 1).map((a) => deref(a, env));
        stack.pop(); // the mark
        stack.push(call(op.name, args));
        break;
      }
    }
  }
  return stack;
}

// A reference that is not assigned to (`@a` alone, or `@a = ...` where = was not applied) reads the variable.
function deref(v: unknown, env: ExprEnv): unknown {
  if (!isRef(v)) return v;
  const loaded = env.load({ head: 'var', name: v.name, rest: [], text: v.name });
  return loaded === undefined ? null : loaded;
}

function operand(v: unknown, op: string): string | number | boolean | null {
  if (isRef(v)) throw new ReduceError(`Invalid arguments to operator ${op}`);
  if (!isPrimitive(v)) throw new ReduceError(`Invalid arguments to operator ${op}: objects and arrays cannot be combined`);
  return v;
}

// biome-ignore lint/suspicious/noExplicitAny: expressions apply JavaScript's own operators to values of any type
function binary(fn: string, a: any, b: any, maxString: number): unknown {
  switch (fn) {
    case '+': {
      const r = a + b;
      if (typeof r === 'string' && r.length > maxString) {
        throw new ReduceError(`String longer than the maximum of ${maxString} characters`);
      }
      return r;
    }
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '**':
      return a ** b;
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    // biome-ignore-start lint/suspicious/noDoubleEquals: the expression language's == and != are JavaScript's loose equality
    case '==':
      return a == b;
    case '!=':
      return a != b;
    // biome-ignore-end lint/suspicious/noDoubleEquals: loose equality ends here
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '&':
      return a & b;
    case '^':
      return a ^ b;
    case '|':
      return a | b;
    case '&&':
      return Boolean(a) && Boolean(b);
    case '||':
      return Boolean(a) || Boolean(b);
  }
  throw new ReduceError(`Unknown operator ${fn}`);
}

function call(name: string, args: unknown[]): unknown {
  if (args.length === 0) throw new ReduceError(`Error calling function ${name}: an argument is required`);
  const prims = args.map((a) => operand(a, name));
  switch (name) {
    case 'min':
      return Math.min(...prims.map(Number));
    case 'max':
      return Math.max(...prims.map(Number));
    case 'abs':
      return Math.abs(Number(prims[0]));
    case 'num':
      return Number(prims[0]);
    case 'str':
      return String(prims[0]);
    case 'bool':
      return Boolean(prims[0]);
  }
  throw new ReduceError(`Invalid function ${name}`);
}
