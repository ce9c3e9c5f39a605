import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebsiteRole } from '@tessera/core/enums';
import { REPO_ROOT } from '../../src/config.js';
import { runOwnerCommand } from '../../src/modules/admin/cli.js';
import { OwnerError } from '../../src/modules/admin/owners.js';
import { createTestOwner } from '../helpers/passwords.js';
import * as permissions from '../../src/permissions.js';
import { ROLE_MATRIX, type OwnerAuth, type Permission } from '../../src/permissions.js';
import { DIALECTS } from '../helpers/store.js';
import { Browser, WEBSITE_ID, membersApp, type MembersSite } from './helpers.js';

const DOC = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'roles.md'), 'utf8');
const ROLES = Object.values(WebsiteRole) as number[];

/** The matrix of docs/roles.md: permission -> { function, role codes marked yes }. */
function documented(): Map<string, { fn: string; roles: number[] }> {
  const lines = DOC.split('\n').filter((l) => l.startsWith('| '));
  const header = lines[0]!
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  const codes = header.slice(3).map((h) => Number(/\((\d+)\)$/.exec(h)![1]));
  const out = new Map<string, { fn: string; roles: number[] }>();
  for (const line of lines.slice(1)) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const name = /^`(\w+)`$/.exec(cells[0]!)?.[1];
    if (!name) continue;
    out.set(name, { fn: cells[1]!.replace(/`/g, ''), roles: codes.filter((_, i) => cells[3 + i] === 'yes') });
  }
  return out;
}

const auth = (role: number, websiteId = 'w1'): OwnerAuth => ({ accountId: 'a', websiteId, email: 'x@example.com', websiteRoles: [role], sessionId: 's' });

describe('website roles', () => {
  it('document every permission of ROLE_MATRIX, with its function and roles, in docs/roles.md', () => {
    const doc = documented();
    expect([...doc.keys()].sort()).toEqual(Object.keys(ROLE_MATRIX).sort());
    for (const [name, roles] of Object.entries(ROLE_MATRIX)) {
      expect(doc.get(name)!.roles, name).toEqual([...roles].sort((a, b) => a - b));
      expect(typeof (permissions as Record<string, unknown>)[doc.get(name)!.fn], doc.get(name)!.fn).toBe('function');
    }
  });

  describe.each(ROLES)('role %i', (role) => {
    it('holds exactly the permissions of its column, on its own site only', () => {
      for (const [name, { fn, roles }] of documented()) {
        const check = (permissions as unknown as Record<string, (a: OwnerAuth | null, w: string) => boolean>)[fn]!;
        expect(check(auth(role), 'w1'), `${fn} for role ${role}`).toBe(roles.includes(role));
        expect(check(auth(role), 'w2'), `${fn} on another site`).toBe(false);
        expect(permissions.can(auth(role), 'w1', name as Permission)).toBe(roles.includes(role));
      }
      expect(permissions.canOpenConfig(auth(role), 'w1')).toBe(role !== WebsiteRole.NONE && role !== WebsiteRole.VIEWER);
    });
  });

  it('give nobody anything without a sign-in', () => {
    for (const { fn } of documented().values()) {
      expect((permissions as unknown as Record<string, (a: null, w: string) => boolean>)[fn]!(null, 'w1')).toBe(false);
    }
  });

  it('name the examples of the issue', () => {
    const yes = (fn: (a: OwnerAuth, w: string) => boolean, role: number) => fn(auth(role), 'w1');
    for (const r of [WebsiteRole.ADMIN, WebsiteRole.EDITOR, WebsiteRole.WEBSITE_MANAGER]) expect(yes(permissions.canEditHeaderFooter, r)).toBe(true);
    for (const r of [WebsiteRole.STORE_MANAGER, WebsiteRole.REPORTING, WebsiteRole.VIEWER]) expect(yes(permissions.canEditHeaderFooter, r)).toBe(false);
    for (const r of [WebsiteRole.ADMIN, WebsiteRole.REPORTING]) expect(yes(permissions.canViewAnalytics, r)).toBe(true);
    expect(yes(permissions.canViewAnalytics, WebsiteRole.STORE_MANAGER)).toBe(false);
    expect(yes(permissions.canSendRestockNotices, WebsiteRole.STORE_MANAGER)).toBe(true);
    expect(yes(permissions.canSendRestockNotices, WebsiteRole.EDITOR)).toBe(false);
  });
});

/** The accounts the HTTP tests sign in as, one per role the issue names and a few more. */
const PEOPLE = {
  admin: WebsiteRole.ADMIN,
  editor: WebsiteRole.EDITOR,
  'store-manager': WebsiteRole.STORE_MANAGER,
  reporting: WebsiteRole.REPORTING,
  viewer: WebsiteRole.VIEWER,
  'website-manager': WebsiteRole.WEBSITE_MANAGER,
  billing: WebsiteRole.BILLING,
  none: WebsiteRole.NONE,
} as const;

const HEADER_FOOTER = { header: { announcement: 'Hello', links: [] }, footer: { text: 'Bye', links: [{ title: 'Shop', url: '/shop' }] } };

describe.each(DIALECTS)('each role through the HTTP API on %s', (dialect) => {
  let site: MembersSite;
  const browsers = new Map<string, Browser>();
  beforeAll(async () => {
    site = await membersApp(dialect);
    for (const [name, role] of Object.entries(PEOPLE)) {
      await createTestOwner(site.store.db, WEBSITE_ID, `${name}@members.test`, 'staff password 1', role);
      const b = new Browser(site.app);
      const res = await b.request('POST', '/api/owner/session', { email: `${name}@members.test`, password: 'staff password 1' });
      expect(res.json.websiteRoles).toEqual([role]);
      browsers.set(name, b);
    }
  });
  afterAll(async () => {
    await site?.close();
  });

  it.each(Object.entries(PEOPLE))('%s may or may not call what its role allows', async (name, role) => {
    const b = browsers.get(name)!;
    const allowed = (p: Permission) => (ROLE_MATRIX[p] as readonly number[]).includes(role);
    const put = await b.request('PUT', '/api/site-header-footer', HEADER_FOOTER);
    expect(put.status, 'PUT /api/site-header-footer').toBe(allowed('editHeaderFooter') ? 200 : 403);
    if (put.status === 403) expect(put.json.code).toBe('PERMISSION_DENIED');
    const analytics = await b.request('GET', '/api/owner/analytics');
    expect(analytics.status, 'GET /api/owner/analytics').toBe(allowed('viewAnalytics') ? 200 : 403);
    const languages = await b.request('PUT', '/api/multilingual/languages', { languages: ['en-US', 'fr-FR'] });
    expect(languages.status, 'PUT /api/multilingual/languages').toBe(allowed('manageLanguages') ? 200 : 403);
    const lessons = await b.page('/lessons/two');
    expect(lessons.status, 'members area').toBe(allowed('previewRestricted') ? 200 : 403);
  });

  it('refuses header and footer updates and language changes to visitors and members', async () => {
    const visitor = new Browser(site.app);
    const put = await visitor.request('PUT', '/api/site-header-footer', HEADER_FOOTER);
    expect(put.status).toBe(401);
    expect(put.json.code).toBe('OWNER_SIGN_IN_REQUIRED');
    const member = new Browser(site.app);
    await member.signUp('member-role@example.com');
    expect((await member.request('PUT', '/api/site-header-footer', HEADER_FOOTER)).status).toBe(401);
    expect((await member.request('DELETE', '/api/multilingual/connection')).status).toBe(401);
    expect((await member.request('PUT', '/api/multilingual/languages', { languages: ['en-US'] })).status).toBe(401);
  });

  it('creates contributors with tessera owner create --role', async () => {
    const lines: string[] = [];
    await runOwnerCommand(
      site.store,
      ['create', 'shopkeeper@members.test', '--password', 'shop password 1', '--role', 'store-manager', '--site', 'fixture-members'],
      (l) => lines.push(l),
    );
    await runOwnerCommand(site.store, ['create', 'writer@members.test', '--password', 'write password 1', '--role', '4', '--site', 'fixture-members'], (l) =>
      lines.push(l),
    );
    expect(lines[0]).toContain('store manager account shopkeeper@members.test (website role 8)');
    const rows = await site.store.db
      .selectFrom('owner_accounts')
      .select(['email', 'website_role'])
      .where('email', 'in', ['shopkeeper@members.test', 'writer@members.test'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'shopkeeper@members.test', website_role: 8 },
      { email: 'writer@members.test', website_role: 4 },
    ]);
    await expect(
      runOwnerCommand(site.store, ['create', 'x@members.test', '--password', 'x password 12', '--role', 'wizard', '--site', 'fixture-members'], () => {}),
    ).rejects.toThrow(OwnerError);
    await expect(
      runOwnerCommand(site.store, ['create', 'x@members.test', '--password', 'x password 12', '--role', '5', '--site', 'fixture-members'], () => {}),
    ).rejects.toThrow(/not a website role/);
  });
});
