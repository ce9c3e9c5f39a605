// What the collectors read from the site context the server writes into the page. The
// bootstrap passes it as it is; every field is optional so a page with a thin context still
// records what it can.

export interface CookieSettings {
  /** The restrictive cookie policy: tracking cookies are cleared and never set. */
  readonly restrictive?: boolean;
  readonly bannerEnabled?: boolean;
}

export interface CollectorContext {
  // Page-context fields (platform.md section 3, "Page context (any of)").
  readonly accountId?: string;
  readonly ampEnabled?: boolean;
  readonly authenticUrl?: string;
  readonly cloneable?: boolean;
  readonly collectionType?: number;
  readonly createdOn?: number;
  readonly developerMode?: boolean;
  readonly impersonatedSession?: boolean;
  readonly inFrame?: boolean;
  readonly isHstsEnabled?: boolean;
  readonly isInternal?: boolean;
  readonly language?: string;
  readonly memberId?: string;
  readonly pageType?: number;
  readonly platform?: string;
  readonly templateId?: string;
  readonly timeZone?: string;
  readonly websiteId?: string;
  readonly websiteType?: number;

  // Who is visiting (platform.md section 6).
  /** The visitor is signed in to the site with a website role (owner, editor, viewer...). */
  readonly authenticated?: boolean;
  /** WebsiteRole codes of the signed-in user. */
  readonly websiteRoles?: readonly number[];
  /** The global flag that turns census off. */
  readonly censusDisabled?: boolean;
  readonly cookieSettings?: CookieSettings;

  // Event records.
  /** Locale of the signed-in member's account. */
  readonly memberAccountLocale?: string;
  /** dev, qa, staging or prod; prod when absent. */
  readonly environment?: string;

  // Page speed.
  /** The site flag that turns the page-speed collector on. */
  readonly pageSpeedEnabled?: boolean;
  /** URL prefixes of the site's own images; the site's `/assets/` when absent. */
  readonly imageHosts?: readonly string[];
}

/** The page-context field names of the spec, in its order. */
const PAGE_CONTEXT_FIELDS = [
  'accountId',
  'ampEnabled',
  'authenticUrl',
  'cloneable',
  'collectionType',
  'createdOn',
  'developerMode',
  'impersonatedSession',
  'inFrame',
  'isHstsEnabled',
  'isInternal',
  'language',
  'memberId',
  'pageType',
  'platform',
  'templateId',
  'timeZone',
  'websiteId',
  'websiteType',
] as const;

/** The page-context fields the site context holds; inFrame is measured when the server did not say. */
export function pageContextFields(context: CollectorContext): Record<string, unknown> {
  const fields: Record<string, unknown> = { inFrame: window.top !== window };
  for (const name of PAGE_CONTEXT_FIELDS) if (context[name] !== undefined) fields[name] = context[name];
  return fields;
}
