// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { compile } from '@tessera/template';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRestockApi } from '../../../src/api/restock.js';
import { mountRestock } from '../../../src/islands/restock/index.js';
import { fakeServer, json, testCaptcha } from '../forms/helpers.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PATH = '/api/site-users/account/notifications/restock';
const variant = (id: string, colour: string, stock: number) => ({
  id,
  sku: id.toUpperCase(),
  attributes: { Colour: colour },
  qtyInStock: stock,
  unlimited: false,
  priceMoney: { value: '10.00', currency: 'USD' },
});

/**
 * A product page's purchase area as the engine renders it: the variant chooser and one restock form
 * per sold-out variant (productMerchandisingContext.restockNotificationViews).
 */
function productPage(variants: ReturnType<typeof variant>[], { mailingList = true, siteKey = null as string | null } = {}) {
  const soldOut = variants.filter((v) => v.qtyInStock === 0);
  const item = { id: 'item-1', structuredContent: { productType: 1, variantOptionOrdering: ['Colour'], variants } };
  const context = {
    item,
    website: { captchaSettings: { siteKey } },
    productMerchandisingContext: {
      'item-1': {
        restockNotificationViews: soldOut.map((v) => ({ variantId: v.id, hiddenByDefault: soldOut.length < variants.length })),
        restockNotificationMessages: {
          buttonText: 'Sign Up',
          CTAText: 'Get notified when this item is back in stock.',
          placeholderText: 'Email Address',
          mailingListDescription: 'Sign up to receive news and updates.',
        },
        mailingListSignUpEnabled: mailingList,
        mailingListOptInByDefault: false,
      },
    },
  };
  const out = compile('{.section item}{@|variants-select}\n{@|product-restock-notification}{.end}').render(context, {});
  if (out.errors.length) throw new Error(out.errors.map((e) => e.message).join('\n'));
  document.body.innerHTML = `<main><article>${out.output}</article></main>`;
  return Array.from(document.querySelectorAll<HTMLElement>('.product-restock-notification'));
}

let server: ReturnType<typeof fakeServer>;
let captcha: ReturnType<typeof testCaptcha>;
const merch = (settings: Record<string, unknown> = {}) => ({ language: 'en-US', captchaProvider: 'test', storeSettings: { merchandisingSettings: settings } });

let mounted: ReturnType<typeof mountRestock> = [];
/** Mounts the island and waits for the forms it shows to be drawn (their drawing half is a chunk of its own). */
async function mount(elements: HTMLElement[], context = merch()) {
  await act(async () => {
    mounted = mountRestock(elements, context, { api: createRestockApi({ crumb: () => 'crumb-1', fetch: server.fetch }), captcha: captcha.provider });
    await Promise.all(mounted.map((p) => p.drawn()));
  });
}
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
const email = () => screen.getByRole('textbox', { name: 'Email Address' });
async function signUp(address: string) {
  fireEvent.change(email(), { target: { value: address } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  });
  await settle();
}
const choose = (colour: string) =>
  act(async () => {
    fireEvent.change(screen.getByRole('combobox', { name: 'Select Colour' }), { target: { value: colour } });
    await Promise.all(mounted.map((p) => p.drawn()));
  });

beforeEach(() => {
  server = fakeServer();
  captcha = testCaptcha();
});

describe('the restock island', () => {
  it('signs a visitor up: the body of the spec with the crumb, then the success text in place of everything but the call to action', async () => {
    const forms = productPage([variant('v1', 'Blue', 0)]);
    await mount(forms);
    server.once(PATH, () => json(200, { data: { success: true } }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sign up to receive news and updates.' }));
    await signUp('  ada@example.com ');
    expect(server.to(PATH)).toHaveLength(1);
    const [request] = server.to(PATH);
    expect(request!.headers['x-csrf-token']).toBe('crumb-1');
    expect(request!.body).toEqual({ isJoinMailingList: true, productId: 'item-1', variantId: 'v1', siteVisitorEmail: 'ada@example.com' });
    const form = forms[0]!;
    expect(form.querySelector('.product-restock-cta')!.textContent).toBe('Get notified when this item is back in stock.');
    expect(screen.getByRole('status').textContent).toBe('Signed up!');
    expect(form.querySelector('form, input')).toBeNull();
  });

  it("shows the site's own success text, and destroys the captcha once signed up", async () => {
    const forms = productPage([variant('v1', 'Blue', 0)], { siteKey: 'site-key' });
    await mount(forms, merch({ restockNotificationsSuccessText: 'We will write to you!' }));
    expect(captcha.log.renders).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
    server.once(PATH, () => json(200, { data: { success: true } }));
    await signUp('ada@example.com');
    expect((server.to(PATH)[0]!.body as Record<string, unknown>).captchaToken).toBe('captcha-token-1');
    expect(screen.getByRole('status').textContent).toBe('We will write to you!');
    expect(captcha.log.destroys).toBe(1);
  });

  it("checks the address and the captcha with the spec's messages before sending anything", async () => {
    await mount(productPage([variant('v1', 'Blue', 0)]), merch({ restockNotificationsCaptchaEnabled: true }));
    // The site turns the captcha on for restock forms: the island adds its container.
    expect(document.querySelector('.captcha-container')).not.toBeNull();
    await signUp('   ');
    expect(screen.getByRole('alert').textContent).toBe('Email cannot be blank');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    await signUp('ada@');
    expect(screen.getByRole('alert').textContent).toBe('Email is invalid');
    await signUp('ada@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Complete CAPTCHA before submitting.');
    expect(server.requests).toEqual([]);
  });

  it("shows the server's message (data.message) after a refused signup and resets the captcha; a network failure says so", async () => {
    await mount(productPage([variant('v1', 'Blue', 0)], { siteKey: 'k' }));
    fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
    server.once(PATH, () =>
      json(400, {
        error: 'The CAPTCHA has expired or was already used. Complete CAPTCHA before submitting.',
        code: 'CAPTCHA_INVALID',
        data: { message: 'The CAPTCHA has expired or was already used. Complete CAPTCHA before submitting.' },
      }),
    );
    await signUp('ada@example.com');
    expect(screen.getByRole('alert').textContent).toBe('The CAPTCHA has expired or was already used. Complete CAPTCHA before submitting.');
    expect(captcha.log.resets).toBe(1);
    // The used token went with the reset: the next try needs a new one.
    await signUp('ada@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Complete CAPTCHA before submitting.');
    fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
    server.once(PATH, () => 'network-error');
    await signUp('ada@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Unable to connect. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: "I'm not a robot" }));
    server.once(PATH, () => json(403, { error: 'The session crumb is missing or does not match.', code: 'CRUMB_FAIL', crumbFail: true }));
    await signUp('ada@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Your session has expired. Please reload the page and try again.');
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toBeTruthy();
  });

  it('shows the form of the chosen variant only while it is sold out', async () => {
    const forms = productPage([variant('v1', 'Blue', 3), variant('v2', 'Sand', 0), variant('v3', 'Charcoal', 0)]);
    await mount(forms);
    expect(forms.map((f) => f.hidden)).toEqual([true, true]);
    await choose('Sand');
    expect(forms.map((f) => f.hidden)).toEqual([false, true]);
    await choose('Charcoal');
    expect(forms.map((f) => f.hidden)).toEqual([true, false]);
    await choose('Blue');
    expect(forms.map((f) => f.hidden)).toEqual([true, true]);
    // The storefront's chooser reports its choice with tessera:variant-change.
    await act(async () => {
      document
        .querySelector('.product-variants')!
        .dispatchEvent(new CustomEvent('tessera:variant-change', { bubbles: true, detail: { itemId: 'item-1', variant: { id: 'v2' } } }));
      await Promise.all(mounted.map((p) => p.drawn()));
    });
    expect(forms.map((f) => f.hidden)).toEqual([false, true]);
    server.once(PATH, () => json(200, { data: { success: true } }));
    await signUp('grace@example.com');
    expect((server.to(PATH)[0]!.body as Record<string, unknown>).variantId).toBe('v2');
  });

  it('shows one form for a product sold out in every variant, and signs up for the variant chosen', async () => {
    const forms = productPage([variant('v1', 'Cream', 0), variant('v2', 'Black', 0)]);
    await mount(forms);
    expect(forms.map((f) => f.hidden)).toEqual([false, true]);
    await signUp('ada@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Please select the Colour option.');
    expect(server.requests).toEqual([]);
    await choose('Black');
    expect(forms.map((f) => f.hidden)).toEqual([true, false]);
    server.once(PATH, () => json(200, { data: { success: true } }));
    await signUp('ada@example.com');
    expect((server.to(PATH)[0]!.body as Record<string, unknown>).variantId).toBe('v2');
  });

  it("draws a form only once it is shown, keeping what the visitor typed into the engine's form meanwhile", async () => {
    const forms = productPage([variant('v1', 'Blue', 3), variant('v2', 'Sand', 0)]);
    await mount(forms, merch({ restockNotificationsCaptchaEnabled: true }));
    // Hidden and not drawn: still the engine's markup, and no captcha asked for.
    expect(forms[0]!.hidden).toBe(true);
    expect(forms[0]!.querySelector('input[name="email"]')!.getAttribute('aria-label')).toBeNull();
    expect(captcha.log.renders).toHaveLength(0);
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Select Colour' }), { target: { value: 'Sand' } });
      // Typed before the drawing half arrives.
      (forms[0]!.querySelector('input[name="email"]') as HTMLInputElement).value = 'early@example.com';
      await Promise.all(mounted.map((p) => p.drawn()));
    });
    expect(email()).toHaveProperty('value', 'early@example.com');
    expect(captcha.log.renders).toHaveLength(1);
  });
});
