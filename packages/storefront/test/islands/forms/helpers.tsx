import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '@tessera/template';
import type { CaptchaProvider, CaptchaRenderOptions } from '../../../src/islands/forms/captcha.js';

const BLOCKS = join(import.meta.dirname, '..', '..', '..', '..', '..', 'themes', 'default', 'blocks');
const partials = Object.fromEntries(readdirSync(BLOCKS).map((f) => [f, readFileSync(join(BLOCKS, f), 'utf8')]));

/**
 * A form as the default theme renders it (themes/default/blocks/form.block through Tessera's
 * engine), placed in the document: the markup the island takes over on a real page.
 */
export function themeForm(definition: Record<string, unknown>): HTMLFormElement {
  const fields = ((definition.fields as Record<string, unknown>[]) ?? []).map((f) => ({ required: false, ...f }));
  const result = compile(partials['form.block']!).render({ ...definition, fields }, { partials });
  if (result.errors.length > 0) throw new Error(result.errors.map((e) => e.message).join('\n'));
  document.body.innerHTML = `<main>${result.output}</main>`;
  return document.querySelector('form')!;
}

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: SentRequest) => Response | Promise<Response> | 'network-error';

/** Answers the island's fetch calls, path by path, and keeps every request that left the page. */
export function fakeServer() {
  const requests: SentRequest[] = [];
  const handlers = new Map<string, Handler[]>();
  const fallback = new Map<string, Handler>();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const request: SentRequest = {
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    const queue = handlers.get(url);
    const handler = queue?.shift() ?? fallback.get(url);
    if (!handler) return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
    const answer = await handler(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer;
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    /** The next call to the path gets this answer (answers queue up per path). */
    once(path: string, handler: Handler) {
      handlers.set(path, [...(handlers.get(path) ?? []), handler]);
      return this;
    },
    /** Every call to the path gets this answer once its queue is empty. */
    always(path: string, handler: Handler) {
      fallback.set(path, handler);
      return this;
    },
    to(path: string) {
      return requests.filter((r) => r.url === path);
    },
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A key, then whatever the save answers. */
export function keyThen(server: ReturnType<typeof fakeServer>, save: Handler, key = 'key-1') {
  server.once('/api/form/FormSubmissionKey', () => json(200, { data: { key } }));
  server.once('/api/form/SaveFormSubmission', save);
}

/**
 * The captcha widget's stand-in for jsdom, which has no Web Workers to run ALTCHA's proof of work
 * (the real widget is exercised in Chromium by test/e2e/forms.test.ts): a button that "solves" it.
 */
export function testCaptcha() {
  const log = { renders: [] as CaptchaRenderOptions[], resets: 0, destroys: 0, solved: 0 };
  const provider: CaptchaProvider = {
    name: 'test',
    render(container, options) {
      log.renders.push(options);
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = "I'm not a robot";
      button.addEventListener('click', () => {
        log.solved++;
        button.textContent = 'Verified';
        options.onToken(`captcha-token-${log.solved}`);
      });
      container.append(button);
      return {
        reset() {
          log.resets++;
          button.textContent = "I'm not a robot";
          options.onToken(null);
        },
        destroy() {
          log.destroys++;
          button.remove();
        },
      };
    },
  };
  return { provider, log };
}

export const CONTACT = {
  id: 'contact',
  name: 'Contact',
  submissionMessage: '<p>Thank you for writing.</p>',
  successRedirect: '',
  disclaimer: '<p>We never share it.</p>',
  captcha: true,
  honeypot: true,
  newsletter: false,
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 20, required: true },
  ],
};

export const EVERY_KIND = {
  id: 'everything',
  name: 'Everything',
  submissionMessage: '<p>Thanks!</p>',
  successRedirect: '',
  disclaimer: '',
  captcha: false,
  honeypot: false,
  newsletter: false,
  fields: [
    { id: 'intro', type: 'section', title: 'About you', underline: true },
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email' },
    { id: 'notes', type: 'textarea', title: 'Notes' },
    { id: 'budget', type: 'currency', title: 'Budget', currencySymbol: '€' },
    { id: 'guests', type: 'number', title: 'Guests' },
    { id: 'site', type: 'website', title: 'Website' },
    { id: 'secret', type: 'password', title: 'Password' },
    { id: 'handle', type: 'twitter', title: 'Twitter' },
    { id: 'day', type: 'date', title: 'Date' },
    { id: 'at', type: 'time', title: 'Time' },
    { id: 'address', type: 'address', title: 'Address' },
    { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'colour', type: 'radio', title: 'Colour', options: ['Red', 'Blue'], required: true },
    { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Card'] },
    { id: 'size', type: 'select', title: 'Size', options: ['S', 'M', 'L'] },
    { id: 'opinion', type: 'likert', title: 'Opinion', options: ['Fast delivery', 'Good value'] },
    { id: 'campaign', type: 'hidden', title: 'Campaign', defaultValue: 'none' },
  ],
};
