import type { JsonObject } from '../site-dir/types.js';
import { isValidEmail } from '@tessera/core';

/** A site's mail settings (site.json `settings.mail`): who gets notifications, and the From. */
export interface SiteMailSettings {
  /** The site owner's address: form submission notifications go there. */
  readonly owner: string | null;
  /** `Name <address>` or an address; the server's default when absent. */
  readonly from: string | null;
}

function siteMailSettings(settings: JsonObject): SiteMailSettings {
  const mail = settings.mail && typeof settings.mail === 'object' && !Array.isArray(settings.mail) ? (settings.mail as JsonObject) : {};
  const owner = typeof mail.owner === 'string' && isValidEmail(mail.owner.trim()) ? mail.owner.trim() : null;
  const from = typeof mail.from === 'string' && mail.from.trim() !== '' ? mail.from.trim() : null;
  return { owner, from };
}

/** The From of a site's mail when neither the site nor MAIL_FROM names one: the site's title at no-reply@ its host. */
function defaultFrom(siteTitle: string, baseUrl: string, configured: string): string {
  if (configured) return configured;
  let host = 'localhost';
  try {
    host = new URL(baseUrl).hostname || host;
  } catch {
    // keep localhost
  }
  const name = siteTitle.replace(/["\\\r\n]/g, '').trim();
  return name ? `"${name}" <no-reply@${host}>` : `no-reply@${host}`;
}

/**
 * Everything a module needs to mail on a site's behalf: the site as templates show it, the From
 * and the owner's address. `mailFrom` is the server's MAIL_FROM.
 */
export function siteSender(site: { siteTitle: string; settings: JsonObject }, baseUrl: string, mailFrom: string) {
  const settings = siteMailSettings(site.settings);
  return {
    site: { siteTitle: site.siteTitle, baseUrl },
    from: settings.from ?? defaultFrom(site.siteTitle, baseUrl, mailFrom),
    owner: settings.owner,
  };
}
