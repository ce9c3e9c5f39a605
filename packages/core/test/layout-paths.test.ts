import { describe, expect, it } from 'vitest';
import { isReservedPath, isValidPageUrl, notValidPageUrlMessage, PAGE_URL_MAX_LENGTH, RESERVED_PATHS, slugFromTitle } from '../src/layout/index.js';

describe('page URL slugs', () => {
  it('refuses the paths the server routes itself, in any case, and bad characters', () => {
    expect(RESERVED_PATHS).toEqual(expect.arrayContaining(['cart', 'config', 'api', 'checkout', 'search', 'robots.txt']));
    for (const path of RESERVED_PATHS) expect(isValidPageUrl(path)).toBe(false);
    expect(isReservedPath('Config')).toBe(true);
    expect(isValidPageUrl('our-story_2.0')).toBe(true);
    for (const bad of ['', '-lead', 'has space', 'a/b', 'é', 'x'.repeat(PAGE_URL_MAX_LENGTH + 1)]) expect(isValidPageUrl(bad)).toBe(false);
    expect(notValidPageUrlMessage('cart')).toBe('cart is not a valid page URL');
  });

  it('makes a slug from a title', () => {
    expect(slugFromTitle('Our Workshops!')).toBe('our-workshops');
    expect(slugFromTitle('Café & Crème')).toBe('cafe-creme');
    expect(slugFromTitle('!!!')).toBe('page');
  });
});
