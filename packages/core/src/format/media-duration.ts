/**
 * A video's or audio file's length as players show it: m:ss, and h:mm:ss from an hour on. Seconds
 * are cut, not rounded (59.5 s is 0:59), so a length never shows longer than the file plays.
 */
export function mediaDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
