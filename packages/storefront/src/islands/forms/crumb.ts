// The CSRF crumb for the islands' calls: the bootstrap's (window.Tessera.crumb), else its cookie.
export function pageCrumb(): string | null {
  const fromBootstrap = (window as { Tessera?: { crumb?: () => string | null } }).Tessera?.crumb?.();
  if (fromBootstrap) return fromBootstrap;
  const match = /(?:^|;\s*)crumb=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}
