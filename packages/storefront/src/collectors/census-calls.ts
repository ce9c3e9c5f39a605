// The census calls islands make (platform.md section 7: button-click, button-render, form-render,
// overlay, RecordQuickView): JSON with the visitor cookie and the page fields, a 2500 ms timeout
// (transport.ts), skipped where events are not tracked (visit.ts). Only islands import this module,
// so every page's bootstrap script does not carry it. Every function resolves, whatever the network does.
import { CENSUS_VISITOR_COOKIE } from '@tessera/core/constants';
import { ignore } from './census.js';
import { type CollectorContext, pageContextFields } from './context.js';
import { readCookie } from './cookies.js';
import { JSON_TYPE, post } from './transport.js';
import { isEventTracked } from './visit.js';

/** Census calls carry the visitor cookie and the page fields, as JSON; `path` is the call's name under /api/census/. */
export function census(path: string, context: CollectorContext, fields?: object): Promise<void> {
  if (!isEventTracked(context)) return Promise.resolve();
  const body = { visitorCookie: readCookie(CENSUS_VISITOR_COOKIE), ...pageContextFields(context), pagePath: location.pathname, ...fields };
  return post(`/api/census/${path}`, JSON.stringify(body), JSON_TYPE).then(ignore, ignore);
}

export const recordButtonClick = (context: CollectorContext, fields?: object) => census('button-click', context, fields);
export const recordButtonRender = (context: CollectorContext, fields?: object) => census('button-render', context, fields);
export const recordFormRender = (context: CollectorContext, formId: string, fields?: object) => census('form-render', context, { formId, ...fields });
export const recordOverlay = (context: CollectorContext, fields?: object) => census('overlay', context, fields);
export const recordQuickView = (context: CollectorContext, id: string) => census(`RecordQuickView/${encodeURIComponent(id)}`, context);
