import { WebsiteRole } from '@tessera/core/enums';
import { Visitor } from '../commerce/helpers.js';
import { type FormsSite, type FormsSiteOptions, HOST, LOOSE_LIMITS, everyKindValues, formsSite, submission, submissionKey } from '../forms/helpers.js';
import { createTestOwner } from '../helpers/passwords.js';
import type { Dialect } from '../../src/storage/dialect.js';

/** The staff the tests sign in as: the roles that read, manage, read only, and one that may not read. */
const STAFF = {
  admin: WebsiteRole.ADMIN,
  editor: WebsiteRole.EDITOR,
  'store-manager': WebsiteRole.STORE_MANAGER,
  reporting: WebsiteRole.REPORTING,
} as const;
type StaffName = keyof typeof STAFF;
const PASSWORD = 'a staff password 1';

export interface OwnerFormsSite extends FormsSite {
  /** A signed-in browser per staff member. */
  staff: Record<StaffName, Visitor>;
  /** A browser nobody signed in with. */
  nobody: Visitor;
  /** A visitor's submission of the `everything` form, `changes` over the complete values; the clock moves a second first. */
  submit(changes?: Record<string, unknown>, extra?: Record<string, unknown>): Promise<void>;
}

export const FORMS = '/api/owner/forms';
export const EVERYTHING = `${FORMS}/everything`;

/** The forms fixture (shop.test, its `everything` form) with one signed-in account per role of STAFF. */
export async function ownerFormsSite(dialect: Dialect, opts: FormsSiteOptions = {}): Promise<OwnerFormsSite> {
  const site = await formsSite(dialect, { ...opts, setup: { ...opts.setup, forms: { limits: LOOSE_LIMITS, ...opts.setup?.forms } } });
  const staff = {} as Record<StaffName, Visitor>;
  for (const [name, role] of Object.entries(STAFF) as [StaffName, number][]) {
    await createTestOwner(site.store.db, site.websiteId, `${name}@shop.test`, PASSWORD, role);
    const browser = new Visitor(site.app, HOST);
    const res = await browser.request('POST', '/api/owner/session', { email: `${name}@shop.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`${name} could not sign in: ${res.body}`);
    staff[name] = browser;
  }
  const submit: OwnerFormsSite['submit'] = async (changes = {}, extra = {}) => {
    site.clock.advance(1000);
    const key = await submissionKey(site);
    const res = await site.call('POST', '/api/form/SaveFormSubmission', submission('everything', key, { ...everyKindValues(), ...changes }, extra));
    if (res.statusCode !== 200) throw new Error(`SaveFormSubmission answered ${res.statusCode}: ${res.body}`);
  };
  return { ...site, staff, nobody: new Visitor(site.app, HOST), submit };
}
