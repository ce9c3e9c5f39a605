// Cookie reads and writes for the collectors. A page in a sandboxed frame throws on
// document.cookie; collectors must never break the page, so both directions swallow that.

export function readCookie(name: string): string | undefined {
  try {
    for (const part of document.cookie.split('; ')) {
      const at = part.indexOf('=');
      if (part.slice(0, at) === name) return decodeURIComponent(part.slice(at + 1));
    }
  } catch {
    // cookies blocked: nothing to read
  }
  return undefined;
}

/**
 * Writes a cookie on path /, secure on https. Without maxAgeSeconds it is a session cookie;
 * a negative lifetime deletes it.
 */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  let cookie = `${name}=${encodeURIComponent(value)}`;
  if (maxAgeSeconds !== undefined) cookie += `; max-age=${maxAgeSeconds}`;
  cookie += '; path=/';
  if (location.protocol === 'https:') cookie += '; secure';
  try {
    document.cookie = cookie;
  } catch {
    // cookies blocked: the collectors go on without them
  }
}

export function clearCookie(name: string): void {
  writeCookie(name, '', -1);
}

export const DAY_SECONDS = 86_400;
