// Breakpoints (platform.md section 9): mobile up to 432 px wide, desktop from 433 px; tablet
// never matches.
import { BREAKPOINTS } from '@tessera/core/constants';

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

export function matchesBreakpoint(name: Breakpoint, width: number = window.innerWidth): boolean {
  if (name === 'mobile') return width <= BREAKPOINTS.mobileMaxWidth;
  if (name === 'desktop') return width >= BREAKPOINTS.desktopMinWidth;
  return false;
}
