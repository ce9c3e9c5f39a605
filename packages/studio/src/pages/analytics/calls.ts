// The analytics page's call: the owner's report for a range of days.
import type { Api } from '@tessera/core/api-client';
import type { AnalyticsReport } from './types.js';

export const analyticsCalls = (api: Api) => ({
  /** `GET /api/owner/analytics?from&to` (days as YYYY-MM-DD). */
  report: (from: string, to: string) => api<AnalyticsReport>('GET', `/api/owner/analytics?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
});
