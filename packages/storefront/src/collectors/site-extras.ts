// What only some sites turn on, in one chunk the bootstrap fetches when either is on: Tessera's
// session recorder (its toggle and sample, for tracked visitors) and the variant overrides of an
// internal site (docs/accounts.md).
import type { SiteContext } from '../bootstrap.js';
import { startSessionRecording } from './session-recording.js';
import { applyToDocument, variantOverrides } from './variant-overrides.js';

export function startSiteExtras(context: SiteContext, tracked: boolean): void {
  if (context.sessionRecording?.enabled && tracked) void startSessionRecording(context.sessionRecording).catch(() => {});
  if (context.isInternal) applyToDocument(variantOverrides('internal', location.search, localStorage));
}
