// Entry: the review-request page (page type 209, `[data-tessera-island="review-request"]`). The theme
// renders one `form.review-form[data-item-id]` per product of the order not yet reviewed; the island
// checks each with core's rules and exact messages, publishes it through the API, and shows the
// review in its place (or why it was refused). Without script, the page only shows the forms.
import { PRODUCT_REVIEWS as P } from '@tessera/core/markup';
import { REVIEW_MESSAGES, ratingStars, validateReview } from '@tessera/core/validation';
import { type ReviewSubmission, type ReviewsApi, createReviewsApi } from '../../api/reviews.js';
import type { TesseraGlobal } from '../../bootstrap.js';

const UNABLE_TO_CONNECT = 'Unable to connect. Please try again.';

const FIELDS = ['rating', 'body', 'reviewerName'] as const;

function showErrors(form: HTMLFormElement, errors: Readonly<Record<string, string>>): void {
  for (const field of FIELDS) {
    const message = errors[field];
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
      if (!slot.id) slot.id = `${form.querySelector('[name="body"]')?.id ?? 'review'}-${field}-error`;
    }
    const inputs = field === 'rating' ? [form.querySelector<HTMLElement>('fieldset')] : [form.querySelector<HTMLElement>(`[name="${field}"]`)];
    for (const input of inputs) {
      if (!input) continue;
      if (message) {
        input.setAttribute('aria-invalid', 'true');
        if (slot) input.setAttribute('aria-describedby', slot.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }
  }
  const first = FIELDS.find((f) => errors[f]);
  if (first) (first === 'rating' ? form.querySelector<HTMLElement>('input[name="rating"]') : form.querySelector<HTMLElement>(`[name="${first}"]`))?.focus();
}

/** The review in place of its form: the stars, the text and the thanks (or why there is no new review). */
function done(form: HTMLFormElement, message: string, review?: { rating: number; body: string }): HTMLElement {
  const box = document.createElement('div');
  box.className = `${P.formClass} ${P.reviewedClass}`;
  box.setAttribute('role', 'status');
  box.tabIndex = -1;
  if (review) {
    const rating = document.createElement('p');
    rating.className = 'review__rating';
    const stars = document.createElement('span');
    stars.className = 'rating-stars';
    stars.setAttribute('role', 'img');
    stars.setAttribute('aria-label', `Rated ${review.rating} out of 5`);
    for (const filled of ratingStars(review.rating)) {
      const star = document.createElement('span');
      star.className = `rating-stars__star${filled ? ' rating-stars__star--filled' : ''}`;
      star.setAttribute('aria-hidden', 'true');
      star.textContent = '★';
      stars.append(star);
    }
    rating.append(stars);
    const body = document.createElement('p');
    body.className = 'review__body';
    body.textContent = review.body;
    box.append(rating, body);
  }
  const thanks = document.createElement('p');
  thanks.className = 'review-form__thanks';
  thanks.textContent = message;
  box.append(thanks);
  form.replaceWith(box);
  box.focus();
  return box;
}

export function mountReviewRequest(container: HTMLElement, api: ReviewsApi = createReviewsApi()): void {
  const token = container.getAttribute(P.attributes.token) ?? '';
  for (const form of Array.from(container.querySelectorAll<HTMLFormElement>(`form.${P.formClass}`))) {
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const label = button?.textContent ?? '';
    const problem = form.querySelector<HTMLElement>('.review-form__problem');
    let busy = false;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (busy) return;
      const data = new FormData(form);
      const review: ReviewSubmission = {
        token,
        itemId: form.getAttribute(P.attributes.itemId) ?? '',
        rating: data.get('rating') === null ? null : Number(data.get('rating')),
        body: String(data.get('body') ?? ''),
        reviewerName: String(data.get('reviewerName') ?? ''),
        website_url: String(data.get('website_url') ?? ''),
      };
      if (problem) problem.hidden = true;
      const errors = validateReview(review);
      showErrors(form, errors);
      if (Object.keys(errors).length > 0) return;
      busy = true;
      if (button) {
        button.disabled = true;
        button.textContent = 'Publishing…';
      }
      const answer = await api.submit(review);
      busy = false;
      if (button) {
        button.disabled = false;
        button.textContent = label;
      }
      if (answer.ok && answer.status === 201 && answer.data?.review) {
        // A site that moderates reviews keeps it waiting: the buyer is told so, not that it is published.
        done(form, answer.data.review.status === 'pending' ? REVIEW_MESSAGES.thanksPending : REVIEW_MESSAGES.thanks, answer.data.review);
        return;
      }
      const failure = answer.ok ? null : answer;
      if (failure?.code === 'REVIEW_ALREADY_SUBMITTED') {
        done(form, failure.serverMessage ?? REVIEW_MESSAGES.alreadyReviewed);
        return;
      }
      if (failure?.status === 400 && Object.keys(failure.fieldErrors).length > 0) {
        showErrors(form, failure.fieldErrors);
      } else if (problem) {
        problem.textContent = failure?.serverMessage || UNABLE_TO_CONNECT;
        problem.hidden = false;
      }
    });
  }
  // Until now a click on Publish would follow the form's `action="#"` and send nothing: themes and
  // tests can tell the forms are live by this mark.
  container.setAttribute(P.attributes.ready, '');
}

/** The bootstrap's entry (ISLANDS in bootstrap.ts). */
export function mount(elements: Element[], _tessera: TesseraGlobal): void {
  for (const element of elements) if (element instanceof HTMLElement) mountReviewRequest(element);
}
