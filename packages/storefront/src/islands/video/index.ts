// Entry of the video island (themes/default/blocks/post-video.block): a facade, the poster and a play
// button, turns into the player when the visitor asks for it, so that no provider's frame (and none
// of its cookies or scripts) loads before then. The player's markup is the server's own (a <video> of
// the stored file, or the iframe Tessera built on a provider's player host): it is parsed, checked
// again and put in the button's place, and gets the focus so that the keyboard goes on from there.

/** The players a facade may become: the hosts of the page's frame sources, or a file of the site. */
const PLAYER_HOSTS = ['www.youtube-nocookie.com', 'player.vimeo.com', 'w.soundcloud.com', 'open.spotify.com'];

function player(html: string): HTMLElement | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const el = doc.body.firstElementChild;
  if (el instanceof HTMLIFrameElement) {
    const src = new URL(el.src, location.href);
    if (src.protocol !== 'https:' || !PLAYER_HOSTS.includes(src.hostname)) return null;
    // The visitor pressed play once: the provider's player starts at once rather than asking again.
    src.searchParams.set('autoplay', '1');
    el.src = src.href;
    return document.importNode(el, true);
  }
  if (el instanceof HTMLVideoElement || el instanceof HTMLAudioElement) return document.importNode(el, true);
  return null;
}

function play(facade: HTMLElement): void {
  const el = player(facade.dataset.html ?? '');
  if (!el) return;
  const box = document.createElement('div');
  box.className = 'post-video__player';
  box.append(el);
  facade.replaceWith(box);
  el.tabIndex = 0;
  el.focus();
  // A browser may refuse to start it (no autoplay allowed): its controls are there, focused.
  if (el instanceof HTMLMediaElement) Promise.resolve(el.play()).catch(() => undefined);
}

export function mount(elements: Element[]): void {
  for (const facade of elements) {
    if (!(facade instanceof HTMLElement)) continue;
    facade.querySelector('button')?.addEventListener('click', () => play(facade), { once: true });
  }
}
