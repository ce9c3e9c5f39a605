// Page views and the census calls (platform.md section 7). Tracking failures are ignored on
// the page: every function here resolves, whatever the network does.
import { CENSUS_VISITOR_COOKIE } from '@tessera/core/constants';
import { type CollectorContext, pageContextFields } from './context.js';
import { readCookie } from './cookies.js';
import { FORM_TYPE, JSON_TYPE, formEncode, post } from './transport.js';
import { type Visit, isEventTracked, isPageViewTracked } from './visit.js';

const ignore = (): void => {};

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

/** Census calls carry the visitor cookie and the page fields, as JSON. */
function census(path: string, context: CollectorContext, fields?: object): Promise<void> {
  if (!isEventTracked(context)) return Promise.resolve();
  const body = { visitorCookie: readCookie(CENSUS_VISITOR_COOKIE), ...pageContextFields(context), pagePath: location.pathname, ...fields };
  return post(`/api/census/${path}`, JSON.stringify(body), JSON_TYPE).then(ignore, ignore);
}

export const recordButtonClick = (context: CollectorContext, fields?: object) => census('button-click', context, fields);
export const recordButtonRender = (context: CollectorContext, fields?: object) => census('button-render', context, fields);
export const recordFormRender = (context: CollectorContext, formId: string, fields?: object) => census('form-render', context, { formId, ...fields });
export const recordOverlay = (context: CollectorContext, fields?: object) => census('overlay', context, fields);
export const recordQuickView = (context: CollectorContext, id: string) => census(`RecordQuickView/${encodeURIComponent(id)}`, context);
