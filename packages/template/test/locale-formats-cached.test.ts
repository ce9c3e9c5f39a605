// Once compiled, the locale formatters write values without Intl. This file has a module of its own:
// the formats are kept in bounded caches shared by the process, and the property tests beside
// (locale-formats.test.ts) fill those with whatever their random values chose, which may leave a
// format this grid needs among the oldest kept, to be dropped as the grid's first render adds its
// own. Here the caches start empty, so the first render keeps every format the grid uses.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createEngine } from '../src/index.js';
// @ts-expect-error: the benchmark's data module is plain JavaScript
import { gridData } from '../bench/grid-data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const engine = createEngine();

describe('compiled once', () => {
  const grid = gridData(200);
  const source = fs.readFileSync(path.join(here, '../bench/product-grid-formatted.html'), 'utf8');
  afterEach(() => vi.restoreAllMocks());

  test('a product grid formatted with money, date, datetime, decimal and pluralize asks Intl nothing once compiled', () => {
    const t = engine.compile(source);
    const variants = [
      ['en-US', 'America/New_York'],
      ['fr-FR', 'Europe/Paris'],
      ['de-DE', 'Europe/Berlin'],
      ['ja', 'Asia/Tokyo'],
    ];
    for (const [locale, timeZone] of variants) t.render(grid, { locale, timeZone });
    const calls = [
      // `format` is a getter of a bound function on Intl's prototypes.
      vi.spyOn(Intl.NumberFormat.prototype as unknown as Record<string, unknown>, 'format', 'get'),
      vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts'),
      vi.spyOn(Intl.DateTimeFormat.prototype as unknown as Record<string, unknown>, 'format', 'get'),
      vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts'),
      vi.spyOn(Intl, 'getCanonicalLocales'),
    ];
    for (const [locale, timeZone] of variants) {
      const r = t.render(grid, { locale, timeZone });
      expect(r.errors).toEqual([]);
    }
    for (const spy of calls) expect(spy).not.toHaveBeenCalled();
  });

  test('formats are kept per locale and options, not per value', () => {
    const t = engine.compile('{.repeated section items}{price|money} {addedOn|datetime date:medium} {rating|decimal maxfrac:1}{.end}');
    t.render(grid, { locale: 'en-US' });
    const built = [vi.spyOn(Intl.NumberFormat.prototype, 'resolvedOptions'), vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')];
    for (let i = 0; i < 20; i++) {
      const shifted = {
        items: grid.items.map((item: Record<string, number>, k: number) => ({
          ...item,
          price: { value: `${i}.${k}`, currency: 'USD' },
          addedOn: item.addedOn + i * 86_400_000,
          rating: item.rating + i / 7,
        })),
      };
      t.render(shifted, { locale: 'en-US' });
    }
    for (const spy of built) expect(spy).not.toHaveBeenCalled();
  });
});
