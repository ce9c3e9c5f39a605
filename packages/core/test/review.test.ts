import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, parseRating, ratingStars, validateReview } from '../src/validation/index.js';

describe('product review rules', () => {
  it('accepts a rating of 1 to 5 whole stars, as a number or a form value', () => {
    expect([1, 5, '3', ' 4 '].map(parseRating)).toEqual([1, 5, 3, 4]);
    expect([0, 6, 4.5, '4.5', '', null, undefined, 'five', true, '10'].map(parseRating)).toEqual(Array(10).fill(null));
  });

  it('names each invalid field with its message', () => {
    expect(validateReview({ rating: 4, body: 'Lovely mug.' })).toEqual({});
    expect(validateReview({})).toEqual({ rating: REVIEW_MESSAGES.ratingRequired, body: REVIEW_MESSAGES.bodyBlank });
    expect(validateReview({ rating: 2, body: '   ' })).toEqual({ body: 'Write a few words about the product.' });
    expect(validateReview({ rating: 2, body: 'x'.repeat(2000) })).toEqual({});
    expect(validateReview({ rating: 2, body: 'x'.repeat(2001) })).toEqual({ body: 'A review can be at most 2000 characters.' });
    // Characters, not UTF-16 units: 2000 emoji are within the limit.
    expect(validateReview({ rating: 2, body: '☕'.repeat(2000) })).toEqual({});
    expect(validateReview({ rating: 7, body: 'ok', reviewerName: 'n'.repeat(61) })).toEqual({
      rating: 'Choose a rating from 1 to 5 stars.',
      reviewerName: 'A name can be at most 60 characters.',
    });
  });

  it('draws stars from a rating, rounding an average', () => {
    expect(ratingStars(4)).toEqual([true, true, true, true, false]);
    expect(ratingStars(3.5)).toEqual([true, true, true, true, false]);
    expect(ratingStars(0)).toEqual([false, false, false, false, false]);
    expect(ratingStars(9)).toEqual([true, true, true, true, true]);
  });
});
