// The store settings page in Chromium, against the built server and the demo shop: an admin changes a
// shipping rate from the keyboard alone and saves, a mistake is shown beside its field, the page has
// no serious accessibility violation and fits a phone; a store manager may save, a reporting account
// is not offered the page; the Stripe section's secrets are set from the keyboard and shown only by their
// last four characters. Screenshots go to test-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, signInToStudio, STUDIO_DESKTOP, STUDIO_PHONE, studioSuite } from './harness.js';
import { seriousViolations } from './shopper.js';

const PASSWORD = 'a long e2e staff password';
const ACCOUNTS = {
  admin: { email: 'owner@store.test', role: null },
  shop: { email: 'shop@store.test', role: 'store-manager' },
  reporting: { email: 'reports@store.test', role: 'reporting' },
} as const;
const PHONE = STUDIO_PHONE;
const DESKTOP = STUDIO_DESKTOP;

/** What has the focus: its accessible label (by its <label>, aria-label or text) and whether its outline shows. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { name: '', outline: 'none', tag: '' };
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return { name: (label ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), outline: getComputedStyle(el).outlineStyle, tag: el.tagName };
  });

describe('the store settings page in Chromium', () => {
  const ui = studioSuite(ACCOUNTS, PASSWORD);

  const signIn = (who: keyof typeof ACCOUNTS, page: string, options: object = DESKTOP): Promise<Page> =>
    signInToStudio(ui, { email: ACCOUNTS[who].email, password: PASSWORD }, page, options);
  const shipping = (p: Page, option: string) => p.getByRole('region', { name: 'Shipping' }).getByRole('group', { name: option });
  const settings = (p: Page) => p.evaluate(async () => (await fetch('/api/owner/store-settings')).json());

  it('lets an admin change a shipping rate with the keyboard alone, save it, and see it in the settings the shop uses', async () => {
    const p = await signIn('admin', '/config/store');
    await shipping(p, 'Express (1-2 business days)').waitFor();
    expect(await p.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Store settings' }).getAttribute('aria-current')).toBe('page');
    // From the skip link, Tab walks every control in order; each shows its focus and has a name.
    await p.keyboard.press('Tab');
    expect((await focused(p)).name).toBe('Skip to the content');
    await p.keyboard.press('Enter');
    const seen: string[] = [];
    for (let i = 0; i < 80; i++) {
      await p.keyboard.press('Tab');
      const f = await focused(p);
      expect(f.name, `control ${i} (${f.tag})`).not.toBe('');
      expect(f.outline, f.name).not.toBe('none');
      seen.push(f.name);
      if (f.name === 'Price' && seen.filter((n) => n === 'Price').length === 2) break;
    }
    expect(seen.slice(0, 6)).toEqual(['Currency', 'Shipping', 'Taxes', 'Coupons', 'Checkout & payments', 'Messages']);
    // The focus is on the second option's price (Express): type over it and press Enter to save.
    await p.keyboard.press('Control+A');
    await p.keyboard.type('19.50');
    await p.keyboard.press('Enter');
    await p.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const after = await settings(p);
    expect(after.store.shippingOptions.find((o: { id: string }) => o.id === 'express').priceCents).toBe(1950);
    // The shop's cart offers the new rate.
    const cart = await p.evaluate(async () => (await fetch('/api/commerce/shopping-cart')).json());
    expect(cart.shippingOptions.find((o: { id: string }) => o.id === 'express').priceCents).toBe(1950);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'store settings desktop');
  });

  it('shows a mistake beside its field, with the focus on it, and saves nothing', async () => {
    const p = await signIn('admin', '/config/store');
    const before = (await settings(p)).version;
    const price = shipping(p, 'Standard (3-5 business days)').getByLabel('Price');
    await price.fill('6.505');
    const coupons = p.getByRole('region', { name: 'Coupons' });
    await coupons.getByRole('button', { name: 'Add a coupon' }).click();
    // Its legend becomes its code as it is typed: found by its place.
    const added = coupons.getByRole('group').nth(1);
    await added.getByLabel('Code').fill('WELCOME10');
    await added.getByLabel('Percent off').fill('15');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('status').filter({ hasText: 'Not saved' }).waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await shipping(p, 'Standard (3-5 business days)').getByText('Enter at most 2 decimals.').isVisible()).toBe(true);
    await price.fill('6.50');
    await p.getByRole('button', { name: 'Save' }).click();
    // The server's check: two coupons with one code.
    await added.getByText('"WELCOME10" is the code of another coupon (codes are case-insensitive)').waitFor();
    expect((await settings(p)).version).toBe(before);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'store settings field errors desktop');
  });

  it('fits a phone, without a serious accessibility violation, and lets a store manager save', async () => {
    const p = await signIn('shop', '/config/store', PHONE);
    await shipping(p, 'Standard (3-5 business days)').waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await saveScreenshot(p, 'store settings phone');
    const messages = p.getByRole('region', { name: 'Messages' });
    await messages.getByLabel('Text after signing up').fill('Thank you! We will write when it is back.');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await settings(p)).store.merchandising.restockNotificationsSuccessText).toBe('Thank you! We will write when it is back.');
  });

  it('sets the Stripe keys from the keyboard, shows only their last four characters, and offers Stripe once they are set; fits a phone', async () => {
    const p = await signIn('admin', '/config/store');
    const stripe = p.getByRole('region', { name: 'Stripe' });
    await stripe.getByLabel('Webhook URL').waitFor();
    expect(await stripe.getByLabel('Webhook URL').inputValue()).toBe(`${ui.server.url}/api/commerce/webhooks/stripe`);
    await stripe.getByLabel('Test secret key').focus();
    await p.keyboard.type('sk_test_51E2eSecretKey0042');
    await p.keyboard.press('Enter');
    await stripe.getByText('Set, ending 0042').waitFor();
    await stripe.getByText('Saved. Only its last four characters are shown from now on.').waitFor();
    await stripe.getByLabel('Test webhook signing secret').fill('whsec_E2eWebhookSecret0099');
    await stripe.getByRole('button', { name: 'Set the test webhook signing secret' }).click();
    await stripe.getByText('Set, ending 0099').waitFor();
    await stripe.getByLabel('Test publishable key').fill('pk_test_51E2ePublic0001');
    await stripe.getByLabel('Klarna').check();
    await p.getByRole('checkbox', { name: /^Stripe: cards/ }).check();
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const after = await settings(p);
    expect(after.store.paymentProviders).toContain('stripe');
    expect(after.store.stripe).toMatchObject({ testMode: true, testPublishableKey: 'pk_test_51E2ePublic0001', paymentMethods: ['klarna'] });
    const keys = await p.evaluate(async () => (await fetch('/api/owner/payments/stripe')).text());
    expect(keys).not.toContain('sk_test_51E2eSecretKey0042');
    expect(keys).not.toContain('whsec_E2eWebhookSecret0099');
    // Removing a key asks first.
    await stripe.getByRole('button', { name: 'Remove the test webhook signing secret' }).click();
    await stripe.getByRole('alertdialog').waitFor();
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Remove');
    await stripe.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await seriousViolations(p)).toEqual([]);
    await stripe.screenshot({ path: await saveScreenshot(p, 'store settings stripe desktop') });

    const phone = await signIn('shop', '/config/store', PHONE);
    const onPhone = phone.getByRole('region', { name: 'Stripe' });
    await onPhone.getByText('Set, ending 0042').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await onPhone.screenshot({ path: await saveScreenshot(phone, 'store settings stripe phone') });
  });

  it('is not offered to a reporting account, which cannot open it', async () => {
    const p = await signIn('reporting', '/config/analytics');
    expect(await p.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Store settings' }).count()).toBe(0);
    const answer = await p.goto(`${ui.server.url}/config/store`);
    expect(p.url()).not.toMatch(/\/config\/store$/);
    expect(answer?.status()).toBeLessThan(500);
    const api = await p.evaluate(async () => (await fetch('/api/owner/store-settings')).status);
    expect(api).toBe(403);
  });
});
