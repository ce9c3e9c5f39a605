import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors.js';
import { FIXTURES } from '../helpers/paths.js';

const DOC = fs.readFileSync(path.resolve(FIXTURES, '..', '..', '..', '..', 'docs', 'errors.md'), 'utf8');

describe('the error registry', () => {
  it('documents every code with its status and message in docs/errors.md', () => {
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      const row = DOC.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
      expect(row, `docs/errors.md has no row for ${code}`).toBeDefined();
      expect(row).toContain(`| ${status} |`);
      expect(row).toContain(message);
    }
  });

  it('documents no code that does not exist', () => {
    const documented = [...DOC.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ERRORS).sort());
  });
});
