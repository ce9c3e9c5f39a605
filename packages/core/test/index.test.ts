import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as core from '../src/index.js';
import * as cart from '../src/cart/index.js';
import * as color from '../src/color/index.js';
import * as constants from '../src/constants/index.js';
import * as enums from '../src/enums/index.js';
import * as format from '../src/format/index.js';
import * as gallery from '../src/gallery/index.js';
import * as image from '../src/image/index.js';
import * as markup from '../src/markup/index.js';
import * as money from '../src/money/index.js';
import * as product from '../src/product/index.js';
import * as strings from '../src/strings/index.js';
import * as validation from '../src/validation/index.js';
import * as html from '../src/html/index.js';
import * as zone from '../src/zone/index.js';

const modules = { enums, money, product, cart, validation, color, format, gallery, image, constants, markup, strings, html, zone };

describe('public entry', () => {
  it('groups every module under its name', () => {
    for (const [name, mod] of Object.entries(modules)) {
      expect(Object.keys((core as unknown as Record<string, object>)[name]).sort(), name).toEqual(Object.keys(mod).sort());
    }
  });

  it('exports every name of every module at the top level, none lost to a clash', () => {
    for (const [name, mod] of Object.entries(modules)) {
      for (const [key, value] of Object.entries(mod)) {
        expect((core as Record<string, unknown>)[key], `${name}.${key}`).toBe(value);
      }
    }
  });

  it('has no default export', () => {
    expect('default' in core).toBe(false);
  });

  it('offers each module as a subpath export', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    for (const name of Object.keys(modules)) {
      expect(pkg.exports[`./${name}`], name).toEqual({
        types: `./dist/${name}/index.d.ts`,
        'tessera-source': `./src/${name}/index.ts`,
        default: `./dist/${name}/index.js`,
      });
    }
  });
});
