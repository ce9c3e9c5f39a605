// The gallery's lightbox: a modal <dialog> (showModal keeps the focus inside it and the rest of the page
// inert), Escape closes it and gives the focus back to the picture that opened it, the arrow keys and
// its buttons move through the pictures, in the dark or light theme of the gallery's lightboxTheme.

interface Picture {
  readonly img: HTMLImageElement | null;
  readonly title: string;
}

function pictures(root: HTMLElement): Picture[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.gallery__list > li')).map((slide) => ({
    img: slide.querySelector<HTMLImageElement>('img'),
    title: slide.querySelector('.gallery__title')?.textContent ?? '',
  }));
}

function button(label: string, text: string, className: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `gallery__button ${className}`;
  b.setAttribute('aria-label', label);
  const span = document.createElement('span');
  span.setAttribute('aria-hidden', 'true');
  span.textContent = text;
  b.append(span);
  return b;
}

export function openLightbox(root: HTMLElement, start: number, opener: HTMLElement): void {
  const all = pictures(root);
  const dialog = document.createElement('dialog');
  dialog.className = `gallery-lightbox gallery-lightbox--${root.dataset.lightboxTheme === 'light' ? 'light' : 'dark'}`;
  dialog.setAttribute('aria-label', root.getAttribute('aria-label') ?? 'Pictures');
  const figure = document.createElement('figure');
  figure.style.margin = '0';
  const img = document.createElement('img');
  img.className = 'gallery-lightbox__image';
  const caption = document.createElement('figcaption');
  caption.setAttribute('aria-live', 'polite');
  figure.append(img, caption);
  const prev = button('Previous picture', '‹', 'gallery-lightbox__prev');
  const next = button('Next picture', '›', 'gallery-lightbox__next');
  const close = button('Close', '×', 'gallery-lightbox__close');
  const bar = document.createElement('div');
  bar.className = 'gallery-lightbox__bar';
  bar.append(prev, next, close);
  dialog.append(figure, bar);

  let index = start;
  const show = (i: number) => {
    index = (i + all.length) % all.length;
    const source = all[index].img;
    img.src = source?.currentSrc || source?.src || '';
    img.srcset = source?.srcset ?? '';
    img.sizes = '100vw';
    img.alt = source?.alt ?? '';
    caption.textContent = `${all[index].title} (${index + 1} of ${all.length})`;
  };
  prev.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));
  close.addEventListener('click', () => dialog.close());
  // The modal dialog keeps the page behind it inert, but Tab could still leave for the browser's own
  // controls: it goes round the dialog's buttons instead.
  const focusable = [prev, next, close];
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'Tab') {
      event.preventDefault();
      const at = focusable.indexOf(document.activeElement as HTMLButtonElement);
      const step = event.shiftKey ? -1 : 1;
      focusable[(at + step + focusable.length) % focusable.length].focus();
    }
  });
  // A click on the backdrop (the dialog itself, outside its content) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener.focus();
  });
  show(start);
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
