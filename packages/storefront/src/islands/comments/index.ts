// Entry: a post's like button and comments (docs/comments.md), plain DOM in one small chunk that
// the visitor-extras chunk fetches on pages holding either marker: the like button (shown with
// simpleLikingEnabled) and the comments section (shown by the spec's rule: the post is open to
// comments or holds some, and the site's comments are on).
import { createCommentsApi } from '../../api/comments.js';
import type { TesseraGlobal } from '../../bootstrap.js';
import { type CommentFormContext, mountCommentForm } from './form.js';
import { mountLike } from './likes.js';

export function mount(elements: Element[], tessera: TesseraGlobal): void {
  const api = createCommentsApi();
  for (const element of elements) {
    if (!(element instanceof HTMLElement)) continue;
    if (element.dataset.likeCount !== undefined) mountLike(element, api);
    const form = element.querySelector<HTMLFormElement>('form.comment-form');
    if (form) mountCommentForm(element, form, api, (tessera.context ?? {}) as CommentFormContext);
  }
}
