import { WebsiteRole } from '@tessera/core/enums';
import { solveChallenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { importSite } from '../../src/site-dir/index.js';
import type { Dialect, Store } from '../../src/storage/dialect.js';
import { stableId } from '../../src/storage/ids.js';
import { websiteIdOf } from '../../src/storage/site-store.js';
import { TestClock, Visitor } from '../commerce/helpers.js';
import { testConfig } from '../helpers/app.js';
import { QUICK_PASSWORD_COST, createTestOwner } from '../helpers/passwords.js';
import { FIXTURE_SITE } from '../helpers/paths.js';
import { freshStore } from '../helpers/store.js';

const HOST = 'shop.test';
const WEBSITE_ID = websiteIdOf('fixture-shop');
/** A post of the fixture shop's journal, by its URL id. */
export const postId = (urlId: string) => stableId(stableId(WEBSITE_ID, 'collection', 'journal'), 'item', urlId);

const PASSWORD = 'a staff password 1';
/** Who moderates (admin, editor, moderator), who only writes as the staff (commenter), who does neither. */
const ROLES = {
  admin: WebsiteRole.ADMIN,
  editor: WebsiteRole.EDITOR,
  moderator: WebsiteRole.MODERATOR,
  commenter: WebsiteRole.COMMENTER,
  shop: WebsiteRole.STORE_MANAGER,
} as const;
type Role = keyof typeof ROLES;

export interface CommentSite {
  app: FastifyInstance;
  store: Store;
  clock: TestClock;
  staff: Record<Role, Visitor>;
  visitor(): Visitor;
  settings(patch: Record<string, unknown>): Promise<void>;
  /** Sets a post's commentState (1 open, 0 closed), as the post editor does. */
  commentState(urlId: string, state: number): Promise<void>;
  close(): Promise<void>;
}

/** The fixture shop with comments and likes on, its staff signed in, comments limited to `perVisitor` in 10 minutes. */
export async function commentSite(dialect: Dialect, perVisitor = 30): Promise<CommentSite> {
  const store = await freshStore(dialect);
  await importSite(store, FIXTURE_SITE);
  for (const [role, code] of Object.entries(ROLES)) await createTestOwner(store.db, WEBSITE_ID, `${role}@shop.test`, PASSWORD, code);
  const clock = new TestClock();
  const app = await buildApp(testConfig(), {
    store,
    clock: clock.fn,
    passwordCost: QUICK_PASSWORD_COST,
    jobs: { timers: false },
    forms: { altcha: { maxNumber: 1000 } },
    comments: { limits: { commentPerVisitor: { name: 'comment:visitor', limit: perVisitor, windowMs: 10 * 60_000 } } },
  });
  await app.ready();
  const staff = {} as Record<Role, Visitor>;
  for (const role of Object.keys(ROLES) as Role[]) {
    const v = new Visitor(app, HOST);
    const res = await v.request('POST', '/api/owner/session', { email: `${role}@shop.test`, password: PASSWORD });
    if (res.status !== 200) throw new Error(`${role} sign-in answered ${res.status}: ${res.body}`);
    staff[role] = v;
  }
  const bump = () =>
    store.db
      .updateTable('websites')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', WEBSITE_ID)
      .execute();
  const site: CommentSite = {
    app,
    store,
    clock,
    staff,
    visitor: () => new Visitor(app, HOST),
    async settings(patch) {
      const row = await store.db.selectFrom('site_settings').select('website_settings').where('website_id', '=', WEBSITE_ID).executeTakeFirstOrThrow();
      await store.db
        .updateTable('site_settings')
        .set({ website_settings: JSON.stringify({ ...JSON.parse(row.website_settings), ...patch }) })
        .where('website_id', '=', WEBSITE_ID)
        .execute();
      await bump();
    },
    async commentState(urlId, state) {
      const row = await store.db.selectFrom('items').select('data').where('id', '=', postId(urlId)).executeTakeFirstOrThrow();
      await store.db
        .updateTable('items')
        .set({ data: JSON.stringify({ ...JSON.parse(row.data), commentState: state }) })
        .where('id', '=', postId(urlId))
        .execute();
      await bump();
    },
    async close() {
      await app.close();
      await store.close();
    },
  };
  await site.settings({ commentsEnabled: true, simpleLikingEnabled: true });
  await site.commentState('hello-world', 1);
  return site;
}

/** A solved captcha of the site: what the ALTCHA widget hands the form. */
export async function captchaToken(v: Visitor): Promise<string> {
  const res = await v.request('GET', '/api/captcha/challenge');
  const c = res.json as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature }),
  ).toString('base64');
}

/** A visitor's comment on a post, with a solved captcha unless the body says otherwise. */
export async function postComment(v: Visitor, urlId: string, body: Record<string, unknown> = {}) {
  const token = 'captchaToken' in body ? body.captchaToken : await captchaToken(v);
  return v.request('POST', `/api/comments/items/${postId(urlId)}/comments`, {
    name: 'Ada',
    email: 'ada@example.com',
    text: 'Lovely kiln.',
    captchaToken: token,
    ...body,
  });
}
