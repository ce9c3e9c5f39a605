// The form builder in Chromium, against the built server, as an owner would use it: a "Workshop
// booking" form made from "New form", with a textarea limited to 200 characters, a phone with its
// country code, a likert and a hidden field, two fields reordered with the keyboard, a disclaimer;
// saved; shown by a page's form block (placed through the content API, then seen in the page
// editor) and published; a visitor sees the counter, fills the fields, must agree to the
// disclaimer, and sends it; the owner's list shows the answers, the hidden value too. No serious
// accessibility violation; screenshots at 390 px and 1280 px go to test-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownerCall, saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = { admin: { email: 'owner@forms.test', role: null } } as const;

describe('the form builder in Chromium', () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);
  const signIn = (path: string, options: object = STUDIO_DESKTOP) => signInToStudio(ui, { email: ACCOUNTS.admin.email, password: PASSWORD }, path, options);
  const said = (p: Page) => p.locator('.form-builder .status');
  const addField = async (p: Page, type: string, label: string) => {
    await p.getByLabel('New field type').selectOption(type);
    await p.getByRole('button', { name: 'Add field' }).click();
    await said(p)
      .filter({ hasText: `${label} field added` })
      .waitFor();
  };

  it('builds a Workshop booking form, places it on a page, and a visitor sends it', async () => {
    const p = await signIn('/config/forms');
    await p.getByRole('textbox', { name: 'Name' }).fill('Workshop booking');
    await p.getByRole('button', { name: 'Create form' }).click();
    await p.waitForURL(/\/config\/forms\/workshop-booking\/build$/);
    await p.getByRole('tab', { name: 'Build' }).waitFor();

    await addField(p, 'textarea', 'Text area');
    await p.getByLabel('Title').fill('Your questions');
    await p.getByLabel('Maximum length').fill('200');
    await addField(p, 'phone', 'Phone');
    await p.getByLabel('Show a country code').check();
    await addField(p, 'likert', 'Likert scale');
    await p.getByLabel('Title').fill('About you');
    await p.getByLabel('Statements').fill('I have thrown on a wheel before');
    await addField(p, 'hidden', 'Hidden');
    await p.getByLabel('Key').fill('utm_source');
    await p.getByLabel('Value').fill('direct');

    // The phone above the questions, with the keyboard only.
    await p.getByRole('button', { name: 'Move up: Phone' }).focus();
    await p.keyboard.press('Enter');
    await said(p).filter({ hasText: 'Phone moved to place 3 of 6.' }).waitFor();
    const titles = await p.locator('.builder-field-title').allTextContents();
    expect(titles).toEqual(['Name', 'Email', 'Phone', 'Your questions', 'About you', 'Hidden']);

    // No captcha for this one (the honeypot stays); a disclaimer to agree to.
    await p.getByRole('tab', { name: 'Captcha' }).click();
    await p.getByLabel('Ask for a CAPTCHA before sending').uncheck();
    await p.getByRole('tab', { name: 'Disclaimer' }).click();
    const disclaimer = p.locator('.rich-text-area[contenteditable="true"]');
    await disclaimer.click();
    await p.keyboard.type('We keep your answers for a year.');
    await p.getByRole('tab', { name: 'Build' }).click();
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await said(p).filter({ hasText: 'Saved.' }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'form builder desktop');

    // A page whose form block shows it, placed through the content API and published.
    const created = await ownerCall<{ node: { itemId: string; url: string } }>(p, 'POST', '/api/owner/pages', {
      kind: 'page',
      title: 'Book a workshop',
      in: 'main',
    });
    expect(created.status).toBe(201);
    const { itemId, url } = created.json.node;
    const read = await ownerCall<{ draft: { revision: number } }>(p, 'GET', `/api/owner/content/${itemId}`);
    const block = { id: 'b-form', kind: 'form', settings: { form: 'workshop-booking', title: 'Book a seat' } };
    const saved = await ownerCall<{ revision: number }>(p, 'PUT', `/api/owner/content/${itemId}/draft`, {
      baseRevision: read.json.draft.revision,
      document: { title: 'Book a workshop', excerpt: '', sections: [{ id: 's-main', blocks: [block] }] },
    });
    expect(saved.status).toBe(200);
    await p.goto(`${ui.server.url}/config/pages/${itemId}/edit`);
    await p
      .getByRole('tree', { name: 'Page outline' })
      .getByRole('treeitem', { name: /Form: Book a seat/ })
      .click();
    await expect.poll(() => p.getByLabel('Form', { exact: true }).inputValue()).toBe('workshop-booking');
    await p.getByRole('link', { name: /Edit form/ }).waitFor();
    await p.getByRole('button', { name: 'Publish', exact: true }).click();
    await p.getByText('Published.').waitFor();

    // A visitor, come from the newsletter.
    for (const [options, name] of [
      [STUDIO_PHONE, 'phone'],
      [STUDIO_DESKTOP, 'desktop'],
    ] as const) {
      const visitor = await ui.browser.newContext(options);
      const v = await visitor.newPage();
      await v.addInitScript(() => {
        localStorage.setItem('version', '1');
        localStorage.setItem('date-closed', '1700000000000');
      });
      expect((await v.goto(`${ui.server.url}${url}?utm_source=newsletter`))?.status()).toBe(200);
      const form = v.locator('form[data-form-id="workshop-booking"]');
      // The forms island mounts (and replaces the theme's form) as the form nears the viewport.
      await v.evaluate(() => document.querySelector('form[data-form-id="workshop-booking"]')?.scrollIntoView());
      await v.waitForSelector('.tessera-form-island form[data-form-id="workshop-booking"]');
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
      await form.getByLabel(/^Email/).fill(`ada-${name}@example.com`);
      await form.getByLabel('Country code').fill('44');
      await form.getByLabel('Area code').fill('020');
      await form.getByLabel('Number', { exact: true }).fill('794');
      await form.getByLabel('Line').fill('6001');
      await form.getByLabel(/^Your questions/).fill('Is there parking?');
      await form.getByText('17 / 200').waitFor();
      await form.getByRole('group', { name: 'I have thrown on a wheel before' }).getByLabel('Agree', { exact: true }).check();
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.getByText('Please agree to the disclaimer before submitting.').waitFor();
      expect(await seriousViolations(v)).toEqual([]);
      await saveScreenshot(v, `form builder visitor ${name}`);
      await form.getByRole('checkbox', { name: 'I agree' }).check();
      await form.getByRole('button', { name: 'Submit' }).click();
      await v
        .getByRole('status')
        .filter({ hasText: /Thank|submitted|received/i })
        .first()
        .waitFor();
      await visitor.close();
    }

    // The owner's list shows both, with the hidden value from the address.
    await p.goto(`${ui.server.url}/config/forms/workshop-booking`);
    const list = await ownerCall<{ submissions: { values: Record<string, string> }[] }>(p, 'GET', '/api/owner/forms/workshop-booking/submissions');
    expect(list.json.submissions).toHaveLength(2);
    expect(list.json.submissions[0]!.values).toMatchObject({ hidden: 'newsletter', textarea: 'Is there parking?' });
    // The list shows the first columns; a submission's detail shows every answer.
    await p.locator('table a, table button').first().click();
    const detail = p.getByRole('dialog', { name: 'Submission' });
    await detail.getByText('Is there parking?').waitFor();
    await detail.getByText('newsletter', { exact: true }).waitFor();
    await detail.getByText('I have thrown on a wheel before').waitFor();
    await detail.getByText('Agree', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();

    // The builder on a phone.
    const phone = await signIn('/config/forms/workshop-booking/build', STUDIO_PHONE);
    await phone.getByRole('list', { name: 'Fields' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'form builder phone');
  }, 240_000);
});
