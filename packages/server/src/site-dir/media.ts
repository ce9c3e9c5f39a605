import { isObject, Reader, type SiteIssue } from './checker.js';
import type { MediaDetails } from './types.js';

/** The media library's own limits (modules/media-library/input.ts): a file written by export reads back. */
const NAME_MAX = 200;
const ALT_MAX = 1000;
const TITLE_MAX = 200;

/**
 * media.json: the media library's details of the site's files, keyed by their path under assets/
 * (`{ "assets/uploads/kiln.jpg": { "name": "Kiln, first firing", "alt": "…", "title": "…",
 * "focalPoint": { "x": 0.4, "y": 0.3 } } }`). Each key must name a file of the folder; each field is
 * optional. Bad entries are reported with the rest of the import's issues.
 */
export function parseMedia(issues: SiteIssue[], file: string, value: unknown, assetPaths: ReadonlySet<string>): Record<string, MediaDetails> {
  if (!isObject(value)) {
    issues.push({ file, path: '', message: 'must be an object of file paths' });
    return {};
  }
  const out: Record<string, MediaDetails> = {};
  for (const [path, entry] of Object.entries(value)) {
    if (!assetPaths.has(path)) {
      issues.push({ file, path, message: `names no file of the folder's assets (${path})` });
      continue;
    }
    const r = Reader.of(issues, file, path, entry);
    if (!r) continue;
    const details: MediaDetails = {};
    const name = r.optionalString('name');
    if (name !== null) {
      if (name.length > NAME_MAX) r.fail('name', `is longer than ${NAME_MAX} characters`);
      else details.name = name;
    }
    if (r.has('alt')) details.alt = r.string('alt', '', { maxLength: ALT_MAX });
    if (r.has('title')) details.title = r.string('title', '', { maxLength: TITLE_MAX });
    const focal = r.child('focalPoint');
    if (focal) {
      const coordinate = (key: 'x' | 'y') => {
        const v = focal.raw(key);
        if (typeof v === 'number' && v >= 0 && v <= 1) return v;
        focal.fail(key, 'must be a number from 0 to 1');
        return null;
      };
      const x = coordinate('x');
      const y = coordinate('y');
      if (x !== null && y !== null) details.focalPoint = { x, y };
    }
    out[path] = details;
  }
  return out;
}
