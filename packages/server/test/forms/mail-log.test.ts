import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { runMailCommand } from '../../src/mail/cli.js';
import { loggableUrl } from '../../src/http/log-url.js';
import { domainOf } from '../../src/mail/transport.js';
import { importSite } from '../../src/site-dir/index.js';
import { STORE_SITE, TestClock, Visitor, paid } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST } from '../helpers/passwords.js';
import { DIALECTS, freshStore } from '../helpers/store.js';

describe('the recipient domain of the log', () => {
  it("is what follows the last @, without a display name's bracket", () => {
    expect(domainOf('ada@Example.com')).toBe('example.com');
    expect(domainOf('"Ada" <ada@shop.example>')).toBe('shop.example');
    expect(domainOf('nobody')).toBe('');
  });
});

describe('the URL of the request log', () => {
  it('leaves the values of token parameters out', () => {
    expect(loggableUrl('/account/reset-password?token=abc_DEF-123')).toBe('/account/reset-password?token=-');
    expect(loggableUrl('/api/commerce/downloads/d1?x=1&token=abc&orderToken=def#top')).toBe('/api/commerce/downloads/d1?x=1&token=-&orderToken=-#top');
    expect(loggableUrl('/shop?page=2')).toBe('/shop?page=2');
  });
});

describe.each(DIALECTS)('mail without SMTP_URL on %s', (dialect) => {
  it('logs that a message waits in the outbox, never its body: no reset token, no gift card code', async () => {
    const store = await freshStore(dialect);
    await importSite(store, STORE_SITE);
    const lines: string[] = [];
    const logger = { level: 'trace', stream: { write: (line: string) => void lines.push(line) } };
    const clock = new TestClock();
    // No SMTP_URL (the config's default): the log transport.
    const app = await buildApp(testConfig({ siteDir: STORE_SITE }), { store, clock: clock.fn, logger, passwordCost: QUICK_PASSWORD_COST });
    try {
      await app.ready();
      const v = new Visitor(app);
      expect((await v.request('POST', '/api/site-users/account', { email: 'ada@example.com', password: 'a long password' })).status).toBe(201);
      expect((await v.request('POST', '/api/site-users/account/password-reset', { email: 'ada@example.com' })).status).toBe(202);
      await v.add('gift-card', 'GIFT-50');
      const placed = await v.checkout(paid({ email: 'ada@example.com' }));
      expect(placed.status).toBe(201);
      await app.mail.idle();
      await app.mail.deliverDue();

      const rows = await store.db.selectFrom('outbox').selectAll().execute();
      const reset = rows.find((r) => r.kind === 'account-password-reset')!;
      const card = rows.find((r) => r.kind === 'gift-card-code')!;
      const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(reset.text_body)![1]!;
      const code: string = placed.json.order.lines[0].giftCards[0].code;
      expect(card.text_body).toContain(code);
      const verify = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(rows.find((r) => r.kind === 'account-verify-email')!.text_body)![1]!;
      expect(rows.every((r) => r.status === 'sent' && r.transport === 'log')).toBe(true);
      // Following the links: the request log (debug) names the pages, not their tokens.
      expect((await v.request('GET', `/account/reset-password?token=${token}`)).status).toBe(200);
      expect((await v.request('GET', `/account/verify-email?token=${verify}`)).status).toBe(200);
      expect(lines.some((l) => l.includes('"url":"/account/reset-password?token=-"'))).toBe(true);

      const log = lines.join('');
      for (const secret of [token, code, code.replace(/-/g, ''), verify]) expect(log).not.toContain(secret);
      expect(log).not.toContain('ada@example.com');
      // What the log does say: a message waits, by id, kind, domain and subject.
      const waiting = lines
        .map((l) => JSON.parse(l) as { mail?: Record<string, string> })
        .filter((l) => l.mail)
        .map((l) => l.mail!);
      expect(waiting).toEqual(
        expect.arrayContaining([
          { id: reset.id, kind: 'account-password-reset', toDomain: 'example.com', subject: reset.subject },
          { id: card.id, kind: 'gift-card-code', toDomain: 'example.com', subject: card.subject },
        ]),
      );
      expect(waiting).toHaveLength(rows.length);

      // The outbox itself keeps everything: listed by id, and shown whole.
      const list = await runMailCommand(store, ['list']);
      expect(list).toContain(`${reset.id}\tsent\t1 attempt\taccount-password-reset\tada@example.com\t${reset.subject}`);
      expect(list).toContain(`${card.id}\tsent\t1 attempt\tgift-card-code\tada@example.com\t${card.subject}`);
      const shown = await runMailCommand(store, ['show', card.id]);
      expect(shown).toContain(`Kind: gift-card-code\n`);
      expect(shown).toContain(code);
      await expect(runMailCommand(store, ['show', 'nope'])).rejects.toThrow('no message nope in the outbox');
    } finally {
      await app.close();
      await store.close();
    }
  });
});
