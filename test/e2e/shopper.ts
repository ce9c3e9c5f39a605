// What the storefront's end-to-end suites do as a shopper would: fill the checkout, move by
// keyboard alone, record the add-to-cart button's states with the page's clock, and ask axe-core
// (injected from the server's devDependency) for the serious and critical violations of a page.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core's serious and critical violations of the page as it is now (injected without a script tag: the CSP allows none). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => String(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Records the text of an element each time it changes, with the page's clock, from now on. */
export async function recordText(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const w = window as unknown as { textLog: { t: number; text: string }[]; textLogStart: number };
    w.textLog = [];
    w.textLogStart = 0;
    new MutationObserver(() => w.textLog.push({ t: performance.now(), text: el.textContent ?? '' })).observe(el, {
      subtree: true,
      characterData: true,
      childList: true,
    });
    el.addEventListener(
      'click',
      () => {
        if (!w.textLogStart) w.textLogStart = performance.now();
      },
      { capture: true },
    );
  }, selector);
}

/** The recorded texts with their times since the first click, in ms. */
export async function recordedText(page: Page): Promise<{ t: number; text: string }[]> {
  return page.evaluate(() => {
    const w = window as unknown as { textLog: { t: number; text: string }[]; textLogStart: number };
    return w.textLog.map((e) => ({ t: Math.round(e.t - w.textLogStart), text: e.text }));
  });
}

/** Presses Tab until the focused element is the one asked for (by its accessible name or label); at most `limit` presses. */
export async function tabTo(page: Page, name: RegExp, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelledBy = el.getAttribute('aria-labelledby');
      const label =
        el.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
        (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
        el.closest('label')?.textContent ??
        el.textContent;
      return (label ?? '').replace(/\s+/g, ' ').trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

export interface Address {
  email: string;
  firstName?: string;
  lastName?: string;
  address1?: string;
  city?: string;
  region?: string;
  postalCode?: string;
}

export const ADA: Required<Address> = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '12 Warren Street',
  city: 'Hudson',
  region: 'NY',
  postalCode: '12534',
};

/** Fills the checkout with the mouse: email, and the address when the order ships. */
export async function fillCheckout(page: Page, who: Address, options: { ships: boolean; card?: string; shipping?: RegExp }): Promise<void> {
  const form = page.locator('form.checkout-form');
  await form.getByLabel(/^Email/).fill(who.email);
  if (options.ships) {
    await form.getByLabel(/^First name/).fill(who.firstName!);
    await form.getByLabel(/^Last name/).fill(who.lastName!);
    await form.getByLabel(/^Address \*/).fill(who.address1!);
    await form.getByLabel(/^City/).fill(who.city!);
    await form.getByLabel('State or region').fill(who.region!);
    await form.getByLabel(/^ZIP or postal code/).fill(who.postalCode!);
    await form.getByLabel(options.shipping ?? /^Standard/).check();
  }
  if (options.card) {
    await form.getByLabel('Card', { exact: true }).check();
    await form.getByLabel(/^Card number/).fill(options.card);
  }
}
