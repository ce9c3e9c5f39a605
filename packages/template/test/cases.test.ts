// Tessera's own case files (test/cases/**/*.html): the language, every core formatter and predicate, every
// error and every limit, so that a clone without ../shared still tests the engine thoroughly.
// A case without :ERRORS must render without any error.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { preprocess, render } from '../src/index.js';
import { caseFiles, errorsMatch, formatError, loadCase } from './support/cases.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, 'cases');
const files = caseFiles(dir, true);

describe('own JSON-T cases', () => {
  test('the case folder is not empty', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const file of files) {
    const name = path.relative(dir, file);
    test(name, () => {
      const c = loadCase(file, name);
      const options = { ...c.options, partials: c.partials, injects: c.injects };
      const r = c.firstPass ? preprocess(c.template, c.data, options) : render(c.template, c.data, options);
      expect(r.output.trim()).toBe((c.output ?? '').trim());
      const expected = c.errors ?? [];
      if (!errorsMatch(r.errors, expected)) {
        expect(r.errors.map(formatError)).toEqual(
          expected.map(
            (e) => `${e.code} ${e.partial !== undefined ? e.partial + '@' : ''}${e.line}:${e.column}${e.message !== undefined ? ' ' + e.message : ''}`,
          ),
        );
      }
    });
  }
});
