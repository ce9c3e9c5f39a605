// One page view's identity: the site context plus who is visiting. Made once per page by the
// analytics entry and shared by the page view, the census calls and the event trackers.
import { ANALYTICS, isPageViewRecorded } from '@tessera/core/constants';
import type { CollectorContext } from './context.js';
import { type SessionInfo, applyCookiePolicy, readMarketingId, readSessionInfo, resolveAnalyticsId } from './session.js';

export interface Visit {
  readonly context: CollectorContext;
  readonly session: SessionInfo;
  readonly analyticsId?: string;
  readonly marketingId?: string;
  /** The census visitor id (ss_cvr); absent under the restrictive cookie policy. */
  readonly visitorId?: string;
}

/** Applies the cookie policy, reads the session flags and resolves the visitor's ids. */
export function startVisit(context: CollectorContext): Visit {
  const visitorId = applyCookiePolicy(context.cookieSettings);
  return {
    context,
    session: readSessionInfo(),
    analyticsId: resolveAnalyticsId(context.cookieSettings),
    marketingId: readMarketingId(),
    visitorId,
  };
}

function recorded(context: CollectorContext, path: string): boolean {
  return isPageViewRecorded({
    authenticated: !!context.authenticated,
    websiteRoles: context.websiteRoles,
    pageType: context.pageType,
    censusDisabled: context.censusDisabled,
    path,
  });
}

/** Whether this page's view is recorded automatically (platform.md sections 2 and 6). */
export function isPageViewTracked(context: CollectorContext): boolean {
  return recorded(context, location.pathname);
}

/**
 * Whether events of this page are tracked: the same "who is skipped" rules as page views, but
 * /search only loses its automatic page view, not the visitor's actions there.
 */
export function isEventTracked(context: CollectorContext): boolean {
  const path = location.pathname;
  return recorded(context, (ANALYTICS.excludedPaths as readonly string[]).includes(path) ? '/' : path);
}
