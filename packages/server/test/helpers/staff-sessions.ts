import { expect } from 'vitest';
import { websiteId } from '../analytics/helpers.js';
import type { TestSite } from './app.js';
import { createTestOwner } from './passwords.js';

const STAFF_PASSWORD = 'a staff password 1';

/**
 * Staff of the given roles on a test site (`<name>@shop.test`), each signed in as the studio signs in
 * (`POST /api/owner/session` with the crumb): each one's session cookie value, by name.
 */
export async function signInStaff(site: TestSite, people: Readonly<Record<string, number>>, crumb: string): Promise<Map<string, string>> {
  const id = await websiteId(site.store);
  const sessions = new Map<string, string>();
  for (const [name, role] of Object.entries(people)) {
    await createTestOwner(site.store.db, id, `${name}@shop.test`, STAFF_PASSWORD, role);
    const res = await site.app.inject({
      method: 'POST',
      url: '/api/owner/session',
      headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
      payload: JSON.stringify({ email: `${name}@shop.test`, password: STAFF_PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    sessions.set(name, res.cookies.find((c) => c.name === 'tessera_owner')!.value);
  }
  return sessions;
}

/** The context a studio page embeds for its script. */
export const studioContextOf = (body: string) => JSON.parse(/<script type="application\/json" id="tessera-studio-context">(.*?)<\/script>/s.exec(body)![1]!);
