// The comment form (blocks/comments.block): checked in the browser with the server's limits, sent
// with the site's captcha (ALTCHA, drawn when the visitor first reaches the form) and the honeypot,
// and the answer said in the form's live region: waiting for approval, or shown at once in the list.
import { CAPTCHA, captchaSize } from '@tessera/core/constants';
import type { CommentsApi, PostedComment } from '../../api/comments.js';
import { type CaptchaWidget, captchaProviderFor } from '../forms/captcha.js';

const FIELDS = ['name', 'email', 'text'] as const;
const CAPTCHA_MESSAGE = 'Complete CAPTCHA before submitting.';

export interface CommentFormContext {
  readonly captchaProvider?: string;
  readonly captchaSiteKey?: string | null;
  readonly language?: string;
}

function showErrors(form: HTMLFormElement, errors: Readonly<Record<string, string>>): void {
  for (const field of FIELDS) {
    const input = form.elements.namedItem(field) as HTMLInputElement | null;
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
    const message = errors[field];
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
    }
    if (!input) continue;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      if (slot?.id) input.setAttribute('aria-describedby', slot.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
  const first = FIELDS.find((f) => errors[f]);
  if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
}

/** The comment in the list, as the page would draw it (text only: nothing the visitor wrote becomes markup). */
function appendComment(section: HTMLElement, comment: PostedComment): void {
  let list = section.querySelector('.comment-list');
  if (!list) {
    list = document.createElement('ol');
    list.className = 'comment-list';
    section.querySelector('.comments__title')?.after(list);
  }
  const item = document.createElement('li');
  item.className = 'comment';
  item.id = `comment-${comment.id}`;
  const meta = document.createElement('p');
  meta.className = 'comment__meta';
  const author = document.createElement('span');
  author.className = 'comment__author';
  author.textContent = comment.authorName;
  const date = document.createElement('time');
  date.className = 'comment__date';
  date.dateTime = new Date(comment.created).toISOString();
  date.textContent = comment.createdText;
  meta.append(author, ' ', date);
  const text = document.createElement('p');
  text.className = 'comment__text';
  text.textContent = comment.text;
  item.append(meta, text);
  list.append(item);
}

export function mountCommentForm(section: HTMLElement, form: HTMLFormElement, api: CommentsApi, context: CommentFormContext): void {
  const postUrl = section.dataset.postUrl ?? form.action;
  const status = form.querySelector<HTMLElement>('.comment-form__status');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const box = form.querySelector<HTMLElement>('[data-captcha]');
  const provider = box ? captchaProviderFor(context) : null;
  let token: string | null = null;
  let widget: CaptchaWidget | null = null;
  let drawing: Promise<void> | null = null;
  /** Resolved by the next token the widget reports (a submit waits for the solving under way). */
  let nextToken: ((t: string | null) => void) | null = null;
  const tokenSoon = (ms: number) =>
    token
      ? Promise.resolve(token)
      : new Promise<string | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), ms);
          nextToken = (t) => {
            clearTimeout(timer);
            resolve(t);
          };
        });
  const say = (message: string) => {
    if (status) status.textContent = message;
  };
  const drawCaptcha = () => {
    if (!provider || !box || drawing) return drawing;
    drawing = Promise.resolve(
      provider.render(box, {
        size: captchaSize(box.clientWidth),
        theme: CAPTCHA.theme,
        challengeUrl: section.dataset.challengeUrl ?? null,
        siteKey: context.captchaSiteKey ?? null,
        language: context.language ?? 'en',
        onToken: (t) => {
          token = t;
          nextToken?.(t);
          nextToken = null;
        },
      }),
    ).then((w) => {
      widget = w;
      // The visitor is already in the form (the widget's own start on focus has passed): solve now.
      void (box?.querySelector('altcha-widget') as { verify?: () => Promise<unknown> } | null)?.verify?.();
    });
    return drawing;
  };
  // The page draws the button disabled, so that a browser without script never posts the form without its crumb.
  if (submit) submit.disabled = false;
  // The captcha is drawn (and its script fetched) only once the visitor starts writing.
  form.addEventListener('focusin', () => void drawCaptcha(), { once: true });

  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const value = (name: string) => ((form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '').trim();
    const errors: Record<string, string> = {};
    if (value('name') === '') errors.name = 'Enter your name.';
    if (value('text') === '') errors.text = 'Write a comment.';
    showErrors(form, errors);
    if (Object.keys(errors).length > 0) return say('Please check the fields marked.');
    busy = true;
    if (submit) submit.disabled = true;
    await drawCaptcha();
    if (provider && !token) say('Checking…');
    if (provider && !(await tokenSoon(15_000))) {
      busy = false;
      if (submit) submit.disabled = false;
      return say(CAPTCHA_MESSAGE);
    }
    if (submit) submit.disabled = true;
    say('Posting…');
    const honeypot = form.querySelector<HTMLInputElement>('.form-honeypot input');
    const result = await api.post(postUrl, {
      name: value('name'),
      email: value('email'),
      text: value('text'),
      captchaToken: token ?? '',
      website_url: honeypot?.value ?? '',
    });
    busy = false;
    if (submit) submit.disabled = false;
    // A solution is used once: the next try needs a new one.
    token = null;
    widget?.reset();
    if (!result.ok) {
      showErrors(form, result.fieldErrors ?? {});
      return say(result.message);
    }
    form.reset();
    if (result.data.comment.status === 'approved') {
      appendComment(section, result.data.comment);
      say('Your comment is posted.');
    } else {
      say('Thank you! Your comment will appear once the site approves it.');
    }
  });
}
