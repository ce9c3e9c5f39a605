import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ensureCrumb } from '../../http/crumb.js';
import { type OwnerAuth, type Permission, can, permissionsOf } from '../../permissions.js';
import type { SiteSnapshot } from '../site/index.js';
import { type StudioAssets, studioShell } from './studio.js';

/** What every owner page needs from the owner's area: the request's site, the studio build, the pages so far. */
interface OwnerArea {
  siteOf(request: FastifyRequest): Promise<SiteSnapshot>;
  assets(page: string): StudioAssets | undefined;
  /** Every owner page, in the order the modules registered them. */
  readonly pages: { readonly path: string; readonly permission: Permission }[];
}

/**
 * The first owner page the account may open on this site (the studio's landing page for it), or
 * null. Where a path is asked for, that path when the account may open it.
 */
export function landingPage(area: OwnerArea, auth: OwnerAuth | null | undefined, websiteId: string, wanted?: string): string | null {
  const permitted = area.pages.filter((p) => can(auth, websiteId, p.permission));
  if (wanted !== undefined) {
    const asked = area.pages.find((p) => wanted === p.path || wanted.startsWith(`${p.path}/`));
    if (!asked || permitted.includes(asked)) return wanted;
  }
  // A page with a parameter in its path (one order) is no address to land on: it names no one thing.
  return permitted.find((p) => !p.path.includes('/:'))?.path ?? null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's area (modules/admin): decorated once, read by `ownerPage`. */
    ownerArea: OwnerArea;
  }
}

/** One page of the studio, as its route declares it. */
export interface OwnerPage {
  /** Its address, under /config/. */
  readonly path: `/config/${string}`;
  /** Its folder in packages/studio/src/pages/. */
  readonly page: string;
  /** The document's title (the site's name follows it). */
  readonly title: string;
  /** What the account needs to open it (docs/roles.md); the studio's navigation lists it under the same rule. */
  readonly permission: Permission;
  /** The page's own data for its context, besides what every page gets. */
  readonly context?: (request: FastifyRequest, s: SiteSnapshot) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

/** Sends an owner page: the studio's shell with the page's context. */
export function sendOwnerPage(
  app: FastifyInstance,
  reply: FastifyReply,
  s: SiteSnapshot,
  page: string,
  title: string,
  context: Record<string, unknown>,
): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(studioShell(`${title} · ${s.siteTitle}`, s.language, app.ownerArea.assets(page), { page, siteTitle: s.siteTitle, language: s.language, ...context }));
}

/**
 * Adds an owner page: its route, guarded by the permission it declares (the one hook of
 * permission.ts sends others to the sign-in page), answering the studio's shell with the page's
 * context: the site, the signed-in account's email and every permission it holds, and the page's own.
 */
export function ownerPage(app: FastifyInstance, page: OwnerPage): void {
  app.ownerArea.pages.push({ path: page.path, permission: page.permission });
  app.get(page.path, { config: { permission: page.permission } }, async (request, reply) => {
    const s = await app.ownerArea.siteOf(request);
    const owner = request.owner!;
    ensureCrumb(request, reply);
    return sendOwnerPage(app, reply, s, page.page, page.title, {
      email: owner.email,
      permissions: permissionsOf(owner, s.website.id),
      ...(await page.context?.(request, s)),
    });
  });
}
