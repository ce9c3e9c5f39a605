// Entry: the page-view and error collector every page loads (budget: 4 KB gzipped). The
// bootstrap imports it dynamically and calls startAnalytics with the site context.
import type { CollectorContext } from './context.js';
import { recordPageView } from './census.js';
import { installErrorReporter } from './errors.js';
import { type Visit, startVisit } from './visit.js';

/**
 * Starts the error reporter, applies the cookie policy, reads the session and records the page
 * view (unless skipped). Returns the visit, which the visitor-events entry and the census
 * calls of islands take.
 */
export function startAnalytics(context: CollectorContext): Visit {
  installErrorReporter();
  const visit = startVisit(context);
  recordPageView(visit);
  return visit;
}
