// The marketing page's calls (docs/owner-api.md "Marketing and cookies"), on the one API client.
import { type Api, unwrap } from '@tessera/core/api-client';

export interface MarketingSettings {
  readonly tagManagerId: string;
  readonly pixelId: string;
  readonly privacyUrl: string;
  readonly cookieBannerEnabled: boolean;
  readonly restrictiveCookiePolicy: boolean;
}

const PATH = '/api/owner/marketing';

export function marketingCalls(api: Api) {
  return {
    load: () => api<MarketingSettings>('GET', PATH).then(unwrap),
    save: (settings: MarketingSettings) => api<MarketingSettings>('PUT', PATH, settings).then(unwrap),
  };
}
