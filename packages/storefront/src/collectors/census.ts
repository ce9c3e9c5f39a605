// Page views (platform.md section 7; the census calls islands make are in census-calls.ts, out of
// every page's bootstrap script). Tracking failures are ignored on the page: every function here
// resolves, whatever the network does.
import { CENSUS_VISITOR_COOKIE } from '@tessera/core/constants';
import { pageContextFields } from './context.js';
import { FORM_TYPE, formEncode, post } from './transport.js';
import { type Visit, isPageViewTracked } from './visit.js';

export const ignore = (): void => {};

/** `POST /api/census/RecordHit`, form-encoded: event, data (JSON), ss_cvr. */
export function recordHit(event: string, data: object, visitorId?: string): Promise<void> {
  return post('/api/census/RecordHit', formEncode({ event, data: JSON.stringify(data), [CENSUS_VISITOR_COOKIE]: visitorId }), FORM_TYPE).then(ignore, ignore);
}

/** The page view's data: the page-context fields, where the page is, and the visitor's session. */
function pageViewData(visit: Visit): Record<string, unknown> {
  return {
    ...pageContextFields(visit.context),
    pagePath: location.pathname,
    pageQuery: location.search,
    pageHash: location.hash,
    referrer: document.referrer,
    title: document.title,
    ...visit.session,
    analyticsId: visit.analyticsId,
    marketingId: visit.marketingId,
    windowWidth: innerWidth,
    windowHeight: innerHeight,
  };
}

/** Records this page's view unless the skip rules say otherwise; false when skipped. */
export function recordPageView(visit: Visit): boolean {
  if (!isPageViewTracked(visit.context)) return false;
  void recordHit('view', pageViewData(visit), visit.visitorId);
  return true;
}
