import { isCompiled } from './files.js';
import { declaredSettings } from './manifest.js';
import { finding, positionAt, type CheckInput, type Finding } from './types.js';

/** Where templates read a theme setting, and where stylesheets read its custom property. */
const IN_TEMPLATE = /\bstyles\.values\.settings\.([A-Za-z0-9_-]+)/g;
const IN_CSS = /var\(\s*--setting-([A-Za-z0-9_-]+)/g;

/**
 * Settings a template or stylesheet reads that the manifest does not declare: the panel cannot set
 * them and the page never carries them, so the theme silently falls back.
 */
export function checkSettings({ files }: CheckInput): Finding[] {
  const declared = declaredSettings(files);
  const out: Finding[] = [];
  for (const [file, text] of files) {
    const pattern = isCompiled(file) ? IN_TEMPLATE : file.endsWith('.css') ? IN_CSS : null;
    if (!pattern) continue;
    for (const m of text.matchAll(pattern)) {
      const id = m[1]!;
      if (declared.has(id)) continue;
      const { line, column } = positionAt(text, m.index);
      out.push(finding('warning', 'undeclared-setting', `The setting '${id}' is used but template.conf's settings do not declare it.`, file, line, column));
    }
  }
  return out;
}
