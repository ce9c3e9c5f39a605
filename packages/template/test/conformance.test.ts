// Runs every JSON-T case file of the shared corpus (../shared/jsont-cases next to the repository) as its
// own test. Cases the engine is not expected to pass yet (the platform formatters of a later issue) are
// listed in conformance-known-failures.json and run with test.fails, so one that starts passing forces
// the list to be updated.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { render } from '../src/index.js';
import { caseFiles, loadCase } from './support/cases.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

// The corpus sits beside the repository (`<root>/../shared/jsont-cases`); a git worktree one level deeper
// finds it beside its parent. JSONT_CASES overrides both.
function findCorpus(): string | undefined {
  if (process.env.JSONT_CASES) return process.env.JSONT_CASES;
  for (let dir = path.dirname(repoRoot), k = 0; k < 2; k++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'jsont-cases');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

const corpus = findCorpus();
const knownFailures: Record<string, string> = JSON.parse(fs.readFileSync(path.join(here, 'conformance-known-failures.json'), 'utf8'));

if (corpus === undefined) {
  describe.skip('JSON-T conformance (../shared/jsont-cases not found: suite skipped)', () => {
    test('corpus absent', () => {});
  });
} else {
  const dirs = ['resources', 'plugins/resources', 'plugins/resources/i18n'];
  const files = dirs.flatMap((d) => caseFiles(path.join(corpus, d)).map((f) => path.relative(corpus, f)));
  const passed = new Set<string>();

  describe('JSON-T conformance', () => {
    test('every known failure names an existing case file', () => {
      for (const f of Object.keys(knownFailures)) expect(files, `${f} in known failures`).toContain(f);
    });

    for (const file of files) {
      const known = knownFailures[file];
      const run = () => {
        const c = loadCase(path.join(corpus, file), file);
        const r = render(c.template, c.data, { ...c.options, partials: c.partials, injects: c.injects });
        expect(r.output.trim()).toBe((c.output ?? '').trim());
        passed.add(file);
      };
      if (known !== undefined) test.fails(`${file} (known failure: ${known})`, run);
      else test(file, run);
    }

    afterAll(() => {
      console.log(`JSON-T conformance: ${passed.size}/${files.length} case files pass`);
    });
  });
}
