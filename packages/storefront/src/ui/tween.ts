// A tween: calls `step` with the eased progress (0 to 1) on each animation frame for `duration`
// milliseconds (platform.md sections 5 and 9: the first parameter must be a function and the
// duration a finite number, else an error; 300 ms by default).
import { HELPER_MESSAGES, TWEEN_DEFAULT_DURATION_MS } from '@tessera/core/constants';

export type Easing = (t: number) => number;

export const EASINGS = Object.freeze({
  linear: (t: number) => t,
  easeOutSine: (t: number) => Math.sin((t * Math.PI) / 2),
  easeInOutSine: (t: number) => -(Math.cos(Math.PI * t) - 1) / 2,
  easeOutCubic: (t: number) => 1 - (1 - t) ** 3,
});

export type EasingName = keyof typeof EASINGS;

export interface Tween {
  /** Stops at the current frame; `done` resolves false. */
  cancel(): void;
  /** True when the tween ran to its end. */
  readonly done: Promise<boolean>;
}

export function tween(step: (progress: number) => void, duration: number = TWEEN_DEFAULT_DURATION_MS, easing: Easing | EasingName = 'linear'): Tween {
  if (typeof step !== 'function') throw new TypeError(HELPER_MESSAGES.tweenFunction);
  if (typeof duration !== 'number' || !Number.isFinite(duration)) throw new TypeError(HELPER_MESSAGES.tweenDuration);
  const ease = typeof easing === 'function' ? easing : EASINGS[easing];
  let frame = 0;
  let finish: (ran: boolean) => void = () => {};
  const done = new Promise<boolean>((resolve) => (finish = resolve));
  if (duration <= 0) {
    step(1);
    finish(true);
    return { cancel() {}, done };
  }
  const start = performance.now();
  const tick = (now: number) => {
    const t = Math.min(1, Math.max(0, (now - start) / duration));
    step(ease(t));
    if (t < 1) frame = requestAnimationFrame(tick);
    else finish(true);
  };
  frame = requestAnimationFrame(tick);
  return {
    cancel() {
      cancelAnimationFrame(frame);
      finish(false);
    },
    done,
  };
}
