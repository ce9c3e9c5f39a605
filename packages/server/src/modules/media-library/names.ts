/** The longest file name kept (file systems allow 255 bytes; room is left for "-2" before the extension). */
const MAX_NAME = 120;

/**
 * A file name that cannot climb out of its folder or surprise a shell: the last segment of what the
 * browser sent (never its folders: `../../x` becomes `x`), letters, digits, dots, dashes and
 * underscores only, no leading dot. Empty when nothing is left.
 */
export function safeFileName(sent: string): string {
  const last = sent.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+(\.[^.]*)?$/, '$1');
  if (cleaned.length <= MAX_NAME) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_NAME - ext.length) + ext;
}

/** The name shown in the library: what the owner typed, without control characters, trimmed. */
export function displayName(sent: string): string {
  const last = sent.split(/[/\\]/).pop() ?? '';
  return last
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
}

/** `photo.jpg`, then `photo-2.jpg`, `photo-3.jpg`...: candidates for a name already taken. */
export function nameCandidates(name: string, count: number): string[] {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  return [name, ...Array.from({ length: count - 1 }, (_, i) => `${stem}-${i + 2}${ext}`)];
}
