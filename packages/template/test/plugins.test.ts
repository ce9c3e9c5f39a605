// The plugin context: what a formatter or predicate of a platform table can see and do. Platform plugins
// (content, commerce, social, i18n) are written against exactly this interface.

import { describe, expect, test } from 'vitest';
import { createEngine, defaultFormatters, defaultPredicates, type Formatter, type PluginContext } from '../src/index.js';

describe('plugin context', () => {
  test('root, node, values, resolve and resolveArg', () => {
    const seen: Record<string, unknown> = {};
    const probe: Formatter = (value, args, ctx) => {
      seen.value = value;
      seen.args = args;
      seen.values = ctx.values;
      seen.node = ctx.node;
      seen.strings = (ctx.root as { localizedStrings: unknown }).localizedStrings;
      seen.resolved = ctx.resolve('item.title');
      seen.index = ctx.resolve('@index');
      seen.variable = ctx.resolve('@label');
      seen.literal = [ctx.resolveArg('12'), ctx.resolveArg('"a b"'), ctx.resolveArg('true'), ctx.resolveArg('item.title')];
      seen.invalid = ctx.resolve('not a path');
      return 'ok';
    };
    const engine = createEngine({ formatters: { probe } });
    const r = engine.render('{.var @label title}{.repeated section items}{price, currency|probe 1 2}{.end}', {
      localizedStrings: { buy: 'Buy' },
      title: 'T',
      items: [{ price: 5, currency: 'EUR', item: { title: 'Hat' } }],
    });
    expect(r).toEqual({ output: 'ok', errors: [] });
    expect(seen).toEqual({
      value: 5,
      args: ['1', '2'],
      values: [5, 'EUR'],
      node: { price: 5, currency: 'EUR', item: { title: 'Hat' } },
      strings: { buy: 'Buy' },
      resolved: 'Hat',
      index: 1,
      variable: 'T',
      literal: [12, 'a b', true, 'Hat'],
      invalid: undefined,
    });
  });

  test('arguments given to plugins are frozen', () => {
    const engine = createEngine({
      formatters: {
        mutate: (_v, args) => {
          (args as string[]).push('x');
          return 'changed';
        },
      },
    });
    const r = engine.render('{a|mutate 1}', { a: 1 });
    expect(r.output).toBe('');
    expect(r.errors.map((e) => e.code)).toEqual(['INSTRUCTION_FAILED']);
  });

  test('applyPartial renders macros and partials, with @args and private lookups', () => {
    const engine = createEngine({
      formatters: {
        card: (value, _args, ctx) => ctx.applyPartial('card', value, { args: { cls: 'big' } }),
        lonely: (value, _args, ctx) => ctx.applyPartial('card', value, { private: true }),
        missing: (value, _args, ctx) => ctx.applyPartial('nope', value),
      },
    });
    const partials = { card: '<b class="{@args.cls}">{name}{site}</b>' };
    expect(engine.render('{item|card}', { site: '!', item: { name: 'N' } }, { partials }).output).toBe('<b class="big">N!</b>');
    expect(engine.render('{item|lonely}', { site: '!', item: { name: 'N' } }, { partials }).output).toBe('<b class="">N</b>');
    expect(engine.render('{.macro card}M{name}{.end}{item|card}', { item: { name: 'N' } }).output).toBe('MN');
    const r = engine.render('{item|missing}', { item: {} });
    expect(r.errors.map((e) => e.message)).toEqual(["Attempt to apply partial 'nope' which could not be found."]);
  });

  test('renderSnippet compiles a plugin-owned template once and renders it in context', () => {
    const SNIPPET = '<button data-id="{id}">{.if @label}{@label}{.or}{localizedStrings.add}{.end}</button>';
    const button: Formatter = (value, args, ctx) => ctx.renderSnippet(SNIPPET, value, { vars: args[0] ? { '@label': args[0] } : {} });
    const engine = createEngine({ formatters: { button } });
    const data = { localizedStrings: { add: 'Add To Cart' }, products: [{ id: 'p1' }, { id: 'p2' }] };
    const t = engine.compile('{.repeated section products}{@|button}{.end}|{products.0|button Buy}');
    expect(t.render(data).output).toBe('<button data-id="p1">Add To Cart</button><button data-id="p2">Add To Cart</button>|<button data-id="p1">Buy</button>');
    t.render(data);
    expect(engine.stats().snippetsCompiled).toBe(1);
  });

  test('a snippet with a syntax error is reported, not thrown', () => {
    const engine = createEngine({ formatters: { broken: (v, _a, ctx) => ctx.renderSnippet('{.section x}', v) } });
    const r = engine.render('{a|broken}', { a: 1 });
    expect(r.output).toBe('');
    expect(r.errors.map((e) => e.code)).toEqual(['PARTIAL_SYNTAX']);
  });

  test('predicate() evaluates a registered predicate on any node', () => {
    const engine = createEngine({
      formatters: { evens: (v, _a, ctx) => (Array.isArray(v) ? v.filter((x) => ctx.predicate('even?', [], x)).join(',') : '') },
    });
    expect(engine.render('{xs|evens}', { xs: [1, 2, 3, 4] }).output).toBe('2,4');
  });

  test('error() reports a runtime error at the instruction, prefixed by the plugin name', () => {
    const engine = createEngine({
      formatters: {
        picky: (_v, _a, ctx: PluginContext) => {
          ctx.error('needs a money object');
          return '';
        },
      },
    });
    const r = engine.render('\n  {x|picky}', {});
    expect(r.errors).toMatchObject([{ code: 'PLUGIN_ERROR', message: 'picky: needs a money object', line: 2, column: 3 }]);
  });

  test('extra tables are new names next to the core ones; the default tables stay as they are', () => {
    const engine = createEngine({
      formatters: { shout: (v) => String(v).toUpperCase() },
      predicates: { 'big?': (node) => typeof node === 'number' && node > 100 },
    });
    expect(engine.render('{a|shout|html}{.big? }{.end}{.section n}{.big?}big{.end}{.end}', { a: '<x>', n: 500 }).output).toBe('&lt;X&gt;big');
    expect('shout' in defaultFormatters).toBe(false);
    expect('big?' in defaultPredicates).toBe(false);
    expect(Object.isFrozen(defaultFormatters)).toBe(true);
  });

  test('formatters do not mutate their input', () => {
    const data = { people: [{ id: 'a' }, { id: 'b' }], o: { k: 'v' }, s: 'a b' };
    const before = JSON.stringify(data);
    const everything = Object.keys(defaultFormatters)
      .filter((n) => n !== 'apply')
      .map((n) => `{people|${n}}{o|${n}}{s|${n}}{people|${n} id}{o|${n} k}`)
      .join('');
    createEngine().render(everything, data);
    expect(JSON.stringify(data)).toBe(before);
  });
});
