// Scroll animation (platform.md section 9): eased with easeOutSine, stopping 30 px above its
// target, its duration clamped to 50..50 ms unless the caller widens the clamp. A visitor who
// asks for reduced motion gets the jump without the animation.
import { SCROLL_DEFAULTS } from '@tessera/core/constants';
import { type EasingName, tween } from './tween.js';

export interface ScrollOptions {
  /** Pixels left above (or before) the target. */
  readonly offset?: number;
  readonly easing?: EasingName;
  readonly duration?: number;
  readonly minDuration?: number;
  readonly maxDuration?: number;
  /** Scroll this element instead of the window (a carousel: its scrollLeft). */
  readonly container?: HTMLElement;
  readonly axis?: 'x' | 'y';
}

export function scrollDuration(requested: number, min: number = SCROLL_DEFAULTS.minDurationMs, max: number = SCROLL_DEFAULTS.maxDurationMs): number {
  return Math.min(max, Math.max(min, requested));
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Where a target lies in the scrolled box, in that box's scroll coordinates, before the offset. */
function targetPosition(target: Element | number, container: HTMLElement | undefined, axis: 'x' | 'y'): number {
  if (typeof target === 'number') return target;
  const box = target.getBoundingClientRect();
  if (!container) return axis === 'y' ? box.top + window.scrollY : box.left + window.scrollX;
  const frame = container.getBoundingClientRect();
  return axis === 'y' ? box.top - frame.top + container.scrollTop : box.left - frame.left + container.scrollLeft;
}

export function scrollToTarget(target: Element | number, options: ScrollOptions = {}): Promise<boolean> {
  const axis = options.axis ?? 'y';
  const { container } = options;
  const offset = options.offset ?? SCROLL_DEFAULTS.offset;
  const read = () => (container ? (axis === 'y' ? container.scrollTop : container.scrollLeft) : axis === 'y' ? window.scrollY : window.scrollX);
  const write = (v: number) => {
    if (container) {
      if (axis === 'y') container.scrollTop = v;
      else container.scrollLeft = v;
    } else window.scrollTo(axis === 'y' ? { top: v } : { left: v });
  };
  const from = read();
  const to = Math.max(0, targetPosition(target, container, axis) - offset);
  const duration = reducedMotion() ? 0 : scrollDuration(options.duration ?? SCROLL_DEFAULTS.maxDurationMs, options.minDuration, options.maxDuration);
  return tween((p) => write(from + (to - from) * p), duration, options.easing ?? SCROLL_DEFAULTS.easing).done;
}
