import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/modules/forms/csv.js';
import { FormsCliError, runFormsCommand } from '../../src/modules/forms/cli.js';
import { DIALECTS } from '../helpers/store.js';
import { EVERY_KIND_FORM, LOOSE_LIMITS, everyKindValues, formsSite, putForm, submission, submissionKey, type FormsSite } from './helpers.js';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas but not numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-3.5')).toBe('-3.5');
    expect(csvCell('+44 20')).toBe("'+44 20");
  });
});

describe.each(DIALECTS)('tessera forms list and export on %s', (dialect) => {
  let site: FormsSite;
  let dir: string;
  beforeAll(async () => {
    site = await formsSite(dialect, { setup: { forms: { limits: LOOSE_LIMITS } } });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-forms-export-'));
    const save = async (values: Record<string, unknown>) => {
      const res = await site.call('POST', '/api/form/SaveFormSubmission', submission('everything', await submissionKey(site), values));
      expect(res.statusCode).toBe(200);
      site.clock.advance(60_000);
    };
    await save(everyKindValues());
    await save({ ...everyKindValues(), name: ['Charles', 'Babbage'], message: 'Hi, "Ada"\nbye', extras: [], campaign: 'none' });
  });
  afterAll(async () => {
    await site?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("lists the site's forms with their submission counts", async () => {
    const out = await runFormsCommand(site.store, ['list']);
    expect(out).toContain('everything\tEverything\t2 submissions\tlast 2026-05-01T09:01:00.000Z');
    expect(out).toContain('contact\tContact\t0 submissions');
  });

  it("exports a form's submissions as CSV, one column per field, in the form's order", async () => {
    const csv = await runFormsCommand(site.store, ['export', 'everything']);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Submitted On,Name,Email,Message,Budget,Guests,Website,Password,Twitter,Date,Time,Address,Phone,Colour,Extras,Size,Opinion,Campaign,Page Title,Page Path',
    );
    expect(lines[1]).toBe(
      '2026-05-01T09:00:00.000Z,Ada Lovelace,ada@example.com,Hello there,"1,250.50",4,example.org,hunter2,ada,12/10/2025,9:05 PM,' +
        '"1 Main St, Springfield, IL, 62701, USA",\'+44 020 7946 0018,Blue,"Gift wrap, Card",M,"Fast delivery: Strongly Agree\nGood value: Disagree",spring,Contact,/contact',
    );
    expect(csv).toContain('2026-05-01T09:01:00.000Z,Charles Babbage,ada@example.com,"Hi, ""Ada""\nbye"');
    expect(lines.at(-1)).toBe('');
  });

  it('writes the file given with --out, and keeps columns of fields the form no longer has', async () => {
    await putForm(site.store, site.websiteId, { ...EVERY_KIND_FORM, fields: EVERY_KIND_FORM.fields.filter((f) => f.id !== 'guests') });
    const file = path.join(dir, 'everything.csv');
    expect(await runFormsCommand(site.store, ['export', 'everything', '--out', file])).toBe(`Exported 2 submissions of "everything" to ${file}.\n`);
    const header = (await fs.readFile(file, 'utf8')).split('\r\n')[0]!;
    expect(header.split(',').slice(-3)).toEqual(['Guests', 'Page Title', 'Page Path']);
  });

  it('names what is wrong: an unknown form, an unknown site, a missing form id', async () => {
    await expect(runFormsCommand(site.store, ['export', 'nope'])).rejects.toThrow(new FormsCliError('the site "fixture-shop" has no form "nope"'));
    await expect(runFormsCommand(site.store, ['list', '--site', 'nope'])).rejects.toThrow('no site "nope" in the store');
    await expect(runFormsCommand(site.store, ['export'])).rejects.toThrow('export needs a form id');
  });
});
