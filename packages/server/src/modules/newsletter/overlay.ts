import type { JsonObject } from '../../site-dir/types.js';
import { formContext } from '../site/index.js';
import type { SiteSnapshot } from '../site/index.js';

/**
 * The popup overlay (page type 104) for the browser context: a newsletter form shown once per
 * visitor when the site enables it (site.json `settings.popupOverlay`: enabled, version, title,
 * body (HTML), delaySeconds, formId (default: the site's newsletter form)). Null when off or when
 * there is no such form (`evenWhenOff`: also when off). Raising `version` shows the overlay again to visitors who closed it.
 */
export function popupOverlayContext(s: SiteSnapshot, options: { evenWhenOff?: boolean } = {}) {
  const raw = s.settings.popupOverlay;
  const o = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as JsonObject) : null;
  // The owner's preview shows it before it is turned on (overlay-page.ts).
  if (!o || (o.enabled !== true && !options.evenWhenOff)) return null;
  const form = typeof o.formId === 'string' ? s.forms.get(o.formId) : [...s.forms.values()].find((f) => f.definition.newsletter === true);
  if (!form) return null;
  const version = typeof o.version === 'number' || typeof o.version === 'string' ? String(o.version) : '1';
  const delay = Number(o.delaySeconds);
  return {
    version,
    title: typeof o.title === 'string' ? o.title : form.name,
    body: typeof o.body === 'string' ? o.body : '',
    delaySeconds: Number.isFinite(delay) && delay >= 0 ? Math.min(delay, 600) : 0,
    form: formContext(form),
  };
}
