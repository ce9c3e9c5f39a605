import { formSubmissionValues, type FormFieldDefinition, type FormFieldInput } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/store.js';
import { Visitor, WEBSITE_ID, itemId, paid, storeApp, type StoreSite } from './helpers.js';

/**
 * The pen's additional-fields form ("engraving" of the store fixture), widened here with a field
 * of each kind these tests need: the fixture's one required text field, a textarea with its own
 * maxLength, a text field without one (the default cap), a select, radios and checkboxes.
 */
const ENGRAVING_FIELDS = [
  { id: 'text', type: 'text', title: 'Engraving text', required: true },
  { id: 'note', type: 'textarea', title: 'Note', maxLength: 40 },
  { id: 'letter', type: 'textarea', title: 'Letter', maxLength: 3000 },
  { id: 'dedication', type: 'text', title: 'Dedication' },
  { id: 'font', type: 'select', title: 'Font', options: ['Serif', 'Script'] },
  { id: 'finish', type: 'radio', title: 'Finish', options: ['Plain', 'Gilded'] },
  { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Ribbon'] },
  { id: 'intro', type: 'section', title: 'About your pen' },
];

const UNKNOWN = 'This field is not part of the form.';
const TOO_LONG = 'You have exceeded the character limit.';
const NOT_PARSED = 'Could not parse the form fields, please check your entries.';
const FACE = '\u{1F600}'; // one character, four bytes of UTF-8

async function widenEngravingForm(site: StoreSite) {
  const row = await site.store.db
    .selectFrom('forms')
    .select('definition')
    .where('website_id', '=', WEBSITE_ID)
    .where('form_key', '=', 'engraving')
    .executeTakeFirstOrThrow();
  const definition = { ...JSON.parse(row.definition), fields: ENGRAVING_FIELDS };
  await site.store.db
    .updateTable('forms')
    .set({ definition: JSON.stringify(definition) })
    .where('website_id', '=', WEBSITE_ID)
    .where('form_key', '=', 'engraving')
    .execute();
  await site.store.db
    .updateTable('websites')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', WEBSITE_ID)
    .execute();
}

describe.each(DIALECTS)('additional-fields answers held to the product form on %s', (dialect) => {
  let site: StoreSite;
  beforeAll(async () => {
    site = await storeApp(dialect);
    await widenEngravingForm(site);
  });
  afterAll(async () => {
    await site.close();
  });

  const entryRows = () => site.store.db.selectFrom('cart_entries').select(['id', 'additional_fields']).where('website_id', '=', WEBSITE_ID).execute();
  const cartRows = () => site.store.db.selectFrom('carts').select('id').where('website_id', '=', WEBSITE_ID).execute();
  const refused = (errors: Record<string, string>) => ({
    status: 400,
    json: { code: 'VALIDATION_FAILED', error: 'One or more fields is invalid, please check your entries.', errors },
  });

  it('refuses what the form does not hold, field by field, and stores nothing for a refused add', async () => {
    const v = new Visitor(site.app);
    const [entriesBefore, cartsBefore] = [(await entryRows()).length, (await cartRows()).length];
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      // Ids the form does not have, a section's id among them (sections carry no answer).
      [{ text: 'Ada', colour: 'red' }, { colour: UNKNOWN }],
      [{ text: 'Ada', intro: 'x' }, { intro: UNKNOWN }],
      // Longer than the field's maxLength, or than the default cap for a field without one.
      [{ text: 'Ada', note: 'x'.repeat(41) }, { note: TOO_LONG }],
      [{ text: 'x'.repeat(2001) }, { text: TOO_LONG }],
      // Choices outside the options.
      [{ text: 'Ada', font: 'Comic' }, { font: 'Comic is not one of the expected options' }],
      [{ text: 'Ada', finish: 'Chrome' }, { finish: 'Chrome is not one of the expected options' }],
      [{ text: 'Ada', extras: ['Gift wrap', 'Glitter'] }, { extras: 'Glitter is not one of the expected options' }],
      // Answers of the wrong shape for their field.
      [{ text: 42 }, { text: NOT_PARSED }],
      [{ text: 'Ada', font: ['Serif'] }, { font: NOT_PARSED }],
      [{ text: 'Ada', extras: 'Gift wrap' }, { extras: NOT_PARSED }],
      [{ text: { nested: 'Ada' } }, { text: NOT_PARSED }],
      // The required field missing, with another error beside it.
      [
        { note: 'hi', colour: 'red' },
        { text: 'Required', colour: UNKNOWN },
      ],
    ];
    for (const [answers, errors] of cases) {
      // As the storefront sends them (JSON text), and as an object.
      for (const additionalFields of [JSON.stringify(answers), answers]) {
        const res = await v.add('pen', 'PEN-1', 1, additionalFields);
        expect({ answers, res: { status: res.status, json: res.json } }).toEqual({ answers, res: refused(errors) });
      }
    }
    expect(v.cartCookie).toBeUndefined();
    expect((await entryRows()).length).toBe(entriesBefore);
    expect((await cartRows()).length).toBe(cartsBefore);

    // A visitor with a cart: a refused add leaves it as it was.
    await v.add('mug', 'MUG-12', 1);
    const before = (await v.cart()).json;
    expect((await v.add('pen', 'PEN-1', 1, JSON.stringify({ text: 'Ada', colour: 'red' }))).status).toBe(400);
    expect((await v.cart()).json).toEqual(before);
  });

  it('answers a __proto__ id with its own field error instead of letting it through', async () => {
    const v = new Visitor(site.app);
    const res = await v.add('pen', 'PEN-1', 1, '{"text":"Ada","__proto__":{"polluted":true}}');
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors)).toEqual(['__proto__']);
    // biome-ignore lint/suspicious/noProto: the own property named __proto__ is what the test is about
    // biome-ignore lint/complexity/useLiteralKeys: errors.__proto__ would read the prototype
    expect(res.json.errors['__proto__']).toBe(UNKNOWN);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('caps the answers at 16 KiB of JSON: a 400 on the largest answer, not a 413, for a body well within the limit', async () => {
    const v = new Visitor(site.app);
    // Each answer is within its field's limit (2000 characters by default, the letter's 3000), but
    // four-byte characters make them 8000 + 6000 + 3000 bytes of JSON in all.
    const answers = { text: FACE.repeat(1500), dedication: FACE.repeat(2000), letter: 'x'.repeat(3000) };
    const body = JSON.stringify({ itemId: itemId('pen'), sku: 'PEN-1', quantity: 1, additionalFields: JSON.stringify(answers) });
    expect(Buffer.byteLength(body)).toBeLessThan(24 * 1024);
    const res = await v.add('pen', 'PEN-1', 1, JSON.stringify(answers));
    expect(res).toMatchObject(refused({ dedication: TOO_LONG }));
    expect(v.cartCookie).toBeUndefined();
    // Just under the cap it is stored.
    const fits = { text: FACE.repeat(1500), dedication: FACE.repeat(1500), letter: 'x'.repeat(3000) };
    expect(Buffer.byteLength(JSON.stringify(fits))).toBeLessThan(16 * 1024);
    const stored = await v.add('pen', 'PEN-1', 1, JSON.stringify(fits));
    expect(stored.status).toBe(200);
    expect(JSON.parse(stored.json.newlyAdded.additionalFields)).toEqual(fits);
    // A body far beyond any valid answer is refused whole.
    const huge = await v.add('pen', 'PEN-1', 1, JSON.stringify({ text: 'x'.repeat(70 * 1024) }));
    expect(huge).toMatchObject({ status: 413, json: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('stores a valid answer and answers it back as JSON text, as before', async () => {
    const v = new Visitor(site.app);
    const answers = {
      text: 'Ada',
      note: 'For the lab',
      dedication: 'To Charles',
      font: 'Script',
      finish: '',
      extras: ['Gift wrap', 'Ribbon'],
    };
    const added = await v.add('pen', 'PEN-1', 1, JSON.stringify(answers));
    expect(added.status).toBe(200);
    expect(JSON.parse(added.json.newlyAdded.additionalFields)).toEqual(answers);
    const [entry] = (await v.cart()).json.entries;
    expect(JSON.parse(entry.additionalFields)).toEqual(answers);
    const row = (await entryRows()).find((r) => r.id === entry.id)!;
    expect(JSON.parse(row.additional_fields!)).toEqual(answers);
    // The same answers again: the same entry grows.
    const again = await v.add('pen', 'PEN-1', 1, answers);
    expect(again.json.newlyAdded).toMatchObject({ id: entry.id, quantity: 2 });
  });

  it('accepts the answers as the storefront’s lightbox builds them, blank optional fields included', async () => {
    // The island sends core's formSubmissionValues of what the visitor entered (islands/forms/values.ts).
    const unchecked = (values: string[]) => values.map((value) => ({ value, checked: false }));
    const inputs: Record<string, FormFieldInput> = {
      text: { values: ['Ada'] },
      note: { values: [''] },
      letter: { values: [''] },
      dedication: { values: [''] },
      font: { choices: unchecked(['Serif', 'Script']) },
      finish: { choices: unchecked(['Plain', 'Gilded']) },
      extras: {
        choices: [
          { value: 'Gift wrap', checked: true },
          { value: 'Ribbon', checked: false },
        ],
      },
    };
    const answers = formSubmissionValues(ENGRAVING_FIELDS as FormFieldDefinition[], inputs);
    expect(answers).toEqual({ text: 'Ada', note: '', letter: '', dedication: '', font: '', finish: '', extras: ['Gift wrap'] });
    const v = new Visitor(site.app);
    const added = await v.add('pen', 'PEN-1', 1, JSON.stringify(answers));
    expect(added.status).toBe(200);
    expect(JSON.parse(added.json.newlyAdded.additionalFields)).toEqual(answers);
  });

  it('holds the PUT of an entry’s answers to the same rules, leaving the entry as it was when refused', async () => {
    const v = new Visitor(site.app);
    const added = await v.add('pen', 'PEN-1', 1, JSON.stringify({ text: 'Ada' }));
    const entryId = added.json.newlyAdded.id as string;
    const put = (additionalFields: unknown) =>
      v.request('PUT', `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`, { itemId: itemId('pen'), sku: 'PEN-1', additionalFields });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ text: 'Ada', colour: 'red' }, { colour: UNKNOWN }],
      [{ text: 'Ada', note: 'x'.repeat(41) }, { note: TOO_LONG }],
      [{ text: 'Ada', font: 'Comic' }, { font: 'Comic is not one of the expected options' }],
      [{ text: ['Ada'] }, { text: NOT_PARSED }],
      [{ text: FACE.repeat(1500), dedication: FACE.repeat(2000), letter: 'x'.repeat(3000) }, { dedication: TOO_LONG }],
    ];
    for (const [answers, errors] of cases) {
      const res = await put(JSON.stringify(answers));
      expect({ answers, res: { status: res.status, json: res.json } }).toEqual({ answers, res: refused(errors) });
    }
    const row = (await entryRows()).find((r) => r.id === entryId)!;
    expect(JSON.parse(row.additional_fields!)).toEqual({ text: 'Ada' });
    const edited = await put(JSON.stringify({ text: 'Grace', font: 'Serif' }));
    expect(edited.status).toBe(200);
    expect(JSON.parse(edited.json.updatedEntry.additionalFields)).toEqual({ text: 'Grace', font: 'Serif' });
  });

  it('takes no answers for a product without a form: an empty object or none at all', async () => {
    const v = new Visitor(site.app);
    for (const additionalFields of [JSON.stringify({ text: 'Ada' }), { text: 'Ada' }]) {
      expect(await v.add('mug', 'MUG-12', 1, additionalFields)).toMatchObject(refused({ text: UNKNOWN }));
    }
    expect(v.cartCookie).toBeUndefined();
    for (const additionalFields of [undefined, null, '', '{}', {}]) {
      const res = await v.add('mug', 'MUG-12', 1, additionalFields);
      expect(res.status).toBe(200);
      expect(res.json.newlyAdded.additionalFields).toBeNull();
    }
    const entryId = (await v.cart()).json.entries[0].id as string;
    const put = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`, { additionalFields: '{"text":"Ada"}' });
    expect(put).toMatchObject(refused({ text: UNKNOWN }));
  });

  it('holds an express checkout’s answers to the same rules', async () => {
    const v = new Visitor(site.app);
    const res = await v.checkout(
      paid({ expressCheckout: { itemId: itemId('pen'), sku: 'PEN-1', quantity: 1, additionalFields: JSON.stringify({ text: 'Ada', colour: 'red' }) } }),
    );
    expect(res).toMatchObject(refused({ colour: UNKNOWN }));
  });
});
