// The like button (core's LIKE_BUTTON markup, written by the engine's like-button formatter: the
// element's data-item-id and data-like-count, an icon span and a count span): a real button with the
// count, pressed once the visitor liked the post. The server counts a visitor's like once (their like
// cookie); this browser remembers which posts it liked, to show the button pressed. The engine's own
// spans move into the button, so this chunk names none of the contract's classes (and core's markup
// chunk, which every product page loads, stays as it is).
import type { CommentsApi } from '../../api/comments.js';

const LIKED_KEY = 'tessera:liked';

function likedIds(): Set<string> {
  try {
    const ids = JSON.parse(localStorage.getItem(LIKED_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : []);
  } catch {
    return new Set();
  }
}

function remember(id: string): void {
  try {
    const ids = likedIds();
    ids.add(id);
    localStorage.setItem(LIKED_KEY, JSON.stringify([...ids].slice(-500)));
  } catch {
    // Storage refused (private mode, full): the button only forgets its pressed state.
  }
}

const countText = (n: number) => (n === 1 ? '1 like' : `${n} likes`);

export function mountLike(element: HTMLElement, api: CommentsApi): void {
  const itemId = element.dataset.itemId ?? '';
  if (!itemId || element.querySelector('button')) return;
  let count = Number(element.dataset.likeCount) || 0;
  const [icon, number] = Array.from(element.children) as HTMLElement[];
  if (!icon || !number) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'like-button';
  icon.setAttribute('aria-hidden', 'true');
  const label = document.createElement('span');
  label.className = 'visually-hidden';
  label.textContent = 'Like, ';
  const status = document.createElement('span');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  const draw = (pressed: boolean) => {
    button.setAttribute('aria-pressed', String(pressed));
    number.textContent = countText(count);
  };
  button.append(icon, label, number);
  element.replaceChildren(button, status);
  draw(likedIds().has(itemId));
  let busy = false;
  button.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    const result = await api.like(itemId);
    busy = false;
    if (result.ok) {
      count = result.data.likeCount;
      remember(itemId);
      draw(true);
      status.textContent = `Liked. ${countText(count)}.`;
    } else {
      status.textContent = result.message;
    }
  });
}
