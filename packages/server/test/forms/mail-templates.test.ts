import { describe, expect, it } from 'vitest';
import { headerSafe } from '../../src/mail/message.js';
import { mailKinds, registerMailTemplate, renderMail } from '../../src/mail/templates/index.js';
import { siteSender } from '../../src/mail/site.js';

const site = { siteTitle: 'Fixture <Shop>', baseUrl: 'https://shop.example' };

describe('mail templates', () => {
  it('escape what visitors typed in the HTML body and keep it as written in the text body', () => {
    const mail = renderMail(
      'form-submission',
      {
        formName: 'Contact',
        answers: [
          { title: 'Message', text: '<script>alert(1)</script>\nsecond line' },
          { title: 'Name', text: 'Ada & co' },
        ],
        pageTitle: 'Contact us',
        pageUrl: 'https://shop.example/contact',
        submittedOn: Date.UTC(2026, 4, 1, 13, 5),
        timeZone: 'America/New_York',
      },
      site,
    );
    expect(mail.subject).toBe('New submission: Contact (Fixture <Shop>)');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Ada &amp; co');
    expect(mail.html).toContain('<title>Fixture &lt;Shop&gt;</title>');
    expect(mail.text).toContain('Message:\n  <script>alert(1)</script>\n  second line\nName: Ada & co');
    expect(mail.text).toContain('Submitted May 1, 2026 at 9:05 AM from Contact us (https://shop.example/contact).');
    // The owner's notification is not a mailing: no unsubscribe foot.
    expect(mail.html).not.toContain('Unsubscribe');
  });

  it('give the double opt-in mail its confirmation link and the unsubscribe foot in both bodies', () => {
    const mail = renderMail(
      'newsletter-confirmation',
      {
        email: 'reader@example.com',
        confirmUrl: 'https://shop.example/c?token=a.b',
        unsubscribeUrl: 'https://shop.example/u?token=c.d',
      },
      site,
    );
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('https://shop.example/c?token=a.b');
      expect(body).toContain('https://shop.example/u?token=c.d');
    }
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://shop.example/u?token=c.d>' });
  });

  it('let a module register a kind once, and refuse a second template for it', () => {
    expect(mailKinds()).toEqual(expect.arrayContaining(['form-submission', 'newsletter-confirmation']));
    expect(() => registerMailTemplate('form-submission', () => ({ subject: '', text: '', html: '' }))).toThrow('registered twice');
  });

  it("keep line breaks out of headers, and fall back to the site's title at no-reply@ its host", () => {
    expect(headerSafe('Hello\r\nBcc: victim@example.com')).toBe('Hello Bcc: victim@example.com');
    expect(siteSender({ siteTitle: 'Shop "One"', settings: {} }, 'https://shop.example', '')).toEqual({
      site: { siteTitle: 'Shop "One"', baseUrl: 'https://shop.example' },
      from: '"Shop One" <no-reply@shop.example>',
      owner: null,
    });
    expect(siteSender({ siteTitle: 'Shop', settings: { mail: { owner: 'not an address', from: 'Shop <s@shop.example>' } } }, 'https://x', 'd@x')).toMatchObject(
      { from: 'Shop <s@shop.example>', owner: null },
    );
    expect(siteSender({ siteTitle: 'Shop', settings: {} }, 'https://x', 'Tessera <d@x>').from).toBe('Tessera <d@x>');
  });
});
