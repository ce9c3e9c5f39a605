// Entry of the gallery island (themes/default/blocks/gallery.block): the slideshow and slider buttons,
// arrow keys, autoplay and the lightbox. Swiping is the list's own sideways scrolling, which snaps to a
// picture, so a phone's finger, a trackpad and a mouse wheel all work without handlers of ours. Without
// the island every picture stays in the list and links to its page.
import { openLightbox } from './lightbox.js';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Moves a scrolling list so that its slide `index` sits where the gallery's alignment puts it. */
function scrollToSlide(list: HTMLElement, slide: HTMLElement, align: string): void {
  const free = list.clientWidth - slide.offsetWidth;
  const left = slide.offsetLeft - (align === 'left' ? 0 : align === 'right' ? free : free / 2);
  list.scrollTo({ left, behavior: reducedMotion() ? 'auto' : 'smooth' });
}

/** The slide nearest to the list's alignment point, after the visitor scrolled. */
function nearestSlide(list: HTMLElement, slides: HTMLElement[], align: string): number {
  const point = list.scrollLeft + (align === 'left' ? 0 : align === 'right' ? list.clientWidth : list.clientWidth / 2);
  let best = 0;
  let distance = Number.POSITIVE_INFINITY;
  slides.forEach((slide, i) => {
    const anchor = slide.offsetLeft + (align === 'left' ? 0 : align === 'right' ? slide.offsetWidth : slide.offsetWidth / 2);
    if (Math.abs(anchor - point) < distance) {
      distance = Math.abs(anchor - point);
      best = i;
    }
  });
  return best;
}

function enhanceCarousel(root: HTMLElement): void {
  const list = root.querySelector<HTMLElement>('.gallery__list');
  if (!list) return;
  const slides = Array.from(list.children) as HTMLElement[];
  const thumbs = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-gallery-go]'));
  const align = /gallery--align-(left|right)/.exec(root.className)?.[1] ?? 'center';
  let index = 0;
  const mark = (i: number) => {
    index = i;
    root.dataset.current = String(i + 1);
    for (const [k, t] of thumbs.entries()) t.setAttribute('aria-current', String(k === i));
  };
  const go = (i: number) => {
    const next = (i + slides.length) % slides.length;
    mark(next);
    scrollToSlide(list, slides[next], align);
  };
  mark(0);
  const controls = root.querySelector<HTMLElement>('.gallery__controls');
  if (controls) controls.hidden = false;
  for (const button of Array.from(root.querySelectorAll<HTMLButtonElement>('[data-gallery-step]'))) {
    button.addEventListener('click', () => go(index + Number(button.dataset.galleryStep)));
  }
  for (const thumb of thumbs) thumb.addEventListener('click', () => go(Number(thumb.dataset.galleryGo) - 1));
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    go(index + (event.key === 'ArrowRight' ? 1 : -1));
  });
  let settle: ReturnType<typeof setTimeout> | undefined;
  list.addEventListener('scroll', () => {
    clearTimeout(settle);
    settle = setTimeout(() => mark(nearestSlide(list, slides, align)), 120);
  });
  if (root.dataset.autoplay === 'true' && slides.length > 1 && !reducedMotion()) autoplay(root, () => go(index + 1));
}

/** Moves on by itself every autoplay-duration seconds; paused while hovered or focused, or by its button. */
function autoplay(root: HTMLElement, next: () => void): void {
  const seconds = Number(root.dataset.autoplayDuration) || 5;
  const pause = root.querySelector<HTMLButtonElement>('[data-gallery-pause]');
  let stopped = false;
  let held = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const update = () => {
    clearInterval(timer);
    if (!stopped && !held) timer = setInterval(next, seconds * 1000);
  };
  if (pause) {
    pause.hidden = false;
    pause.addEventListener('click', () => {
      stopped = !stopped;
      pause.setAttribute('aria-label', stopped ? 'Play' : 'Pause');
      pause.firstElementChild!.textContent = stopped ? '▶' : '❚❚';
      update();
    });
  }
  const hold = (on: boolean) => () => {
    held = on || root.contains(document.activeElement);
    update();
  };
  root.addEventListener('mouseenter', hold(true));
  root.addEventListener('mouseleave', hold(false));
  root.addEventListener('focusin', hold(true));
  root.addEventListener('focusout', () => setTimeout(hold(false)));
  update();
}

export function enhanceGallery(root: HTMLElement): void {
  root.dataset.tesseraMounted = 'gallery';
  const design = root.dataset.design;
  if (design === 'slideshow' || design === 'slider') enhanceCarousel(root);
  if (root.dataset.lightbox === 'true') {
    root.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('[data-gallery-open]');
      if (!link || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      openLightbox(root, Number(link.dataset.galleryOpen) - 1, link);
    });
  }
}

export function mount(elements: Element[]): void {
  const videos = elements.filter((e) => e.getAttribute('data-tessera-island') === 'video');
  if (videos.length > 0) void import('../video/index.js').then((m) => m.mount(videos));
  for (const element of elements) if (!videos.includes(element)) enhanceGallery(element as HTMLElement);
}
