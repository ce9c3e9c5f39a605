// Locks the page's scrolling while a dialog or the lightbox is open (storefront.md section 2).
// Locks nest: the page scrolls again when the last one is released. The scrollbar's width is
// kept as padding so the page does not shift sideways.
let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

export function lockScroll(doc: Document = document): () => void {
  const body = doc.body;
  if (locks === 0) {
    const scrollbar = (doc.defaultView?.innerWidth ?? 0) - doc.documentElement.clientWidth;
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    body.dataset.scrollLocked = '';
  }
  locks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks--;
    if (locks === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      delete body.dataset.scrollLocked;
      saved = null;
    }
  };
}
