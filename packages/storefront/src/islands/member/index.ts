// Entry of the member island: the access-denied page's join buttons (106), a lesson's video or its
// paywall button, and the membership-confirmed page's account form (208). It publishes the member
// events on the storefront's bus (lesson-view, lesson-complete, paywall-view, paywall-click,
// join-click; join-complete after a join), which the collectors forward (storefront.md section 7).
import type { TesseraGlobal } from '../../bootstrap.js';
import { events } from '../../events.js';
import { createAccountApi, type AccountApi } from '../../api/account.js';
import { readMemberAccess, type MemberAccess } from './types.js';

type Go = (url: string) => void;

/** Opens the join form under `anchor` for the option of `button` (or the first), once. */
function join(api: AccountApi, access: MemberAccess, anchor: HTMLElement, button: HTMLElement | null, go: Go): void {
  const option = access.joinOptions.find((o) => o.itemId === button?.dataset.itemId && o.sku === button?.dataset.sku) ?? access.joinOptions[0];
  if (!option) return;
  events.publish('join-click', { objectIdentifier: option.itemId });
  let panel = anchor.querySelector<HTMLElement>(':scope > .join-panel-root');
  if (panel) panel.remove();
  panel = document.createElement('div');
  panel.className = 'join-panel-root';
  anchor.append(panel);
  void import('./join.js').then((m) => {
    m.openJoin(panel!, { api, access, option, go });
    panel!.querySelector<HTMLInputElement>('input')?.focus();
  });
}

export function mountMemberAccess(element: HTMLElement, api: AccountApi, go: Go): void {
  const access = readMemberAccess(element.querySelector('.member-access__data'));
  if (!access) return;
  for (const button of Array.from(element.querySelectorAll<HTMLElement>('[data-member-join]'))) {
    button.addEventListener('click', (event) => {
      event.preventDefault();
      join(api, access, element, button, go);
    });
  }
}

export function mountLesson(element: HTMLElement, api: AccountApi, go: Go): void {
  const itemId = element.dataset.itemId;
  const video = element.querySelector<HTMLVideoElement>('video[data-lesson-video]');
  if (video) {
    // A member watching: the lesson is viewed when it starts playing, complete when it ends.
    video.addEventListener('play', () => events.publish('lesson-view', { objectIdentifier: itemId }), { once: true });
    video.addEventListener('ended', () => events.publish('lesson-complete', { objectIdentifier: itemId }), { once: true });
    return;
  }
  const paywall = element.querySelector<HTMLElement>('[data-lesson-paywall]');
  if (!paywall) return;
  events.publish('paywall-view', { objectIdentifier: itemId });
  const access = readMemberAccess(document.querySelector('script[data-for="lesson-video"]'));
  paywall.addEventListener('click', (event) => {
    events.publish('paywall-click', { objectIdentifier: itemId });
    if (!access || access.joinOptions.length === 0) return; // the link goes to the area's page, which offers the join
    event.preventDefault();
    let anchor = element.nextElementSibling as HTMLElement | null;
    if (!anchor?.classList.contains('lesson-join')) {
      anchor = document.createElement('div');
      anchor.className = 'lesson-join';
      element.after(anchor);
    }
    join(api, access, anchor, null, go);
  });
}

export function mount(elements: Element[], tessera: Pick<TesseraGlobal, 'crumb'>, go: Go = (url) => window.location.assign(url)): void {
  const api = createAccountApi({ crumb: tessera.crumb });
  for (const element of elements as HTMLElement[]) {
    const island = element.dataset.tesseraIsland;
    if (island === 'member-access') mountMemberAccess(element, api, go);
    else if (island === 'lesson-video') mountLesson(element, api, go);
    else if (island === 'membership-confirmed') void import('./claim.js').then((m) => m.mountClaim(element, api));
    // Tells tests (and styles) that the island answers clicks from now on.
    element.dataset.tesseraMounted = island ?? 'member';
  }
}
