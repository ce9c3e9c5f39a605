import type { SiteSnapshot } from '../site/index.js';

/** What a site's settings (site.json `settings`) say about comments and likes. */
export interface CommentSettings {
  /** `commentsEnabled`: native comments on posts; off (the default) hides them all. */
  readonly enabled: boolean;
  /** `simpleLikingEnabled`: the like button on posts. */
  readonly likes: boolean;
  /** `commentsRequireApproval` ("Comments need approval", default on): a new comment waits for a moderator. */
  readonly requireApproval: boolean;
}

export function commentSettings(s: SiteSnapshot): CommentSettings {
  return {
    enabled: s.settings.commentsEnabled === true,
    likes: s.settings.simpleLikingEnabled === true,
    requireApproval: s.settings.commentsRequireApproval !== false,
  };
}
