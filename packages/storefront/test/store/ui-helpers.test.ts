// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchesBreakpoint } from '../../src/ui/breakpoints.js';
import { containFocus } from '../../src/ui/focus-containment.js';
import { scrollDuration, scrollToTarget } from '../../src/ui/scroll.js';
import { lockScroll } from '../../src/ui/scroll-lock.js';
import { EASINGS, tween } from '../../src/ui/tween.js';

beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout', 'Date'] }));
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('tween', () => {
  it('needs a function first and a finite duration', () => {
    expect(() => tween('step' as never)).toThrow('Tween requires a function as its first parameter');
    expect(() => tween(() => {}, Number.NaN)).toThrow('Tween duration must be a finite number');
    expect(() => tween(() => {}, Infinity)).toThrow('Tween duration must be a finite number');
    expect(() => tween(() => {}, '300' as never)).toThrow('Tween duration must be a finite number');
  });

  it('runs 300 ms by default, from 0 to 1', async () => {
    const steps: number[] = [];
    const t = tween((p) => steps.push(p));
    vi.advanceTimersByTime(150);
    expect(steps.at(-1)).toBeGreaterThan(0.4);
    expect(steps.at(-1)).toBeLessThan(0.6);
    vi.advanceTimersByTime(299 - 150);
    expect(steps.at(-1)).toBeLessThan(1);
    vi.advanceTimersByTime(40);
    expect(steps.at(-1)).toBe(1);
    await expect(t.done).resolves.toBe(true);
  });

  it('stops when cancelled', async () => {
    const steps: number[] = [];
    const t = tween((p) => steps.push(p), 1000);
    vi.advanceTimersByTime(100);
    t.cancel();
    const count = steps.length;
    vi.advanceTimersByTime(2000);
    expect(steps.length).toBe(count);
    await expect(t.done).resolves.toBe(false);
  });
});

describe('scroll animation', () => {
  it('eases out (sine), stops 30 px above its target, and lasts 50 ms by default (clamped 50 to 50)', async () => {
    expect(scrollDuration(300)).toBe(50);
    expect(scrollDuration(10)).toBe(50);
    expect(scrollDuration(300, 50, 500)).toBe(300);
    const positions: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((o: ScrollToOptions) => positions.push(o.top!)) as never);
    const done = scrollToTarget(1000);
    vi.advanceTimersByTime(20);
    // The first frame (16 ms of 50): eased by easeOutSine, well ahead of a linear scroll's 32 %.
    expect(positions[0]!).toBeCloseTo(970 * Math.sin(((16 / 50) * Math.PI) / 2), 5);
    expect(positions[0]!).toBeGreaterThan(970 * 0.32);
    vi.advanceTimersByTime(60);
    await expect(done).resolves.toBe(true);
    expect(positions.at(-1)).toBe(970);
    expect(EASINGS.easeOutSine(0.5)).toBeCloseTo(Math.SQRT1_2);
  });
});

describe('focus containment', () => {
  it('takes exactly one of a container or a predicate', () => {
    const container = document.createElement('div');
    expect(() => containFocus({})).toThrow('Focus containment requires exactly one of container or predicate');
    expect(() => containFocus({ container, predicate: () => true })).toThrow('Focus containment requires exactly one of container or predicate');
  });

  it('cycles Tab inside a predicate’s elements and brings stray focus back', () => {
    document.body.innerHTML = '<button id="out">out</button><button class="in" id="a">a</button><button class="in" id="b">b</button>';
    const c = containFocus({ predicate: (el) => el.classList.contains('in') });
    document.getElementById('b')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    expect(document.activeElement!.id).toBe('a');
    document.getElementById('out')!.focus();
    expect(document.activeElement!.id).toBe('a');
    c.release();
    document.getElementById('out')!.focus();
    expect(document.activeElement!.id).toBe('out');
  });
});

describe('breakpoints', () => {
  it('mobile up to 432 px, desktop from 433 px, tablet never', () => {
    expect([matchesBreakpoint('mobile', 432), matchesBreakpoint('desktop', 432)]).toEqual([true, false]);
    expect([matchesBreakpoint('mobile', 433), matchesBreakpoint('desktop', 433)]).toEqual([false, true]);
    for (const width of [320, 600, 800, 1024, 1440]) expect(matchesBreakpoint('tablet', width)).toBe(false);
  });
});

describe('scroll lock', () => {
  it('locks the page until the last lock is released', () => {
    const first = lockScroll();
    const second = lockScroll();
    expect(document.body.style.overflow).toBe('hidden');
    first();
    expect(document.body.style.overflow).toBe('hidden');
    second();
    expect(document.body.style.overflow).toBe('');
  });
});
