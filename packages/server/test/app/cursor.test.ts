import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/http/cursor.js';

/** The owner lists' cursors: what a list wrote it reads back; anything else is CURSOR_INVALID. */
describe('list cursors', () => {
  const invalid = (cursor: unknown, list = 'newest', shape = 'ns') => {
    try {
      decodeCursor(cursor, list, shape);
    } catch (error) {
      return (error as { code?: string }).code;
    }
    return 'read';
  };

  it('reads back the key it wrote, and nothing for no cursor', () => {
    expect(decodeCursor(encodeCursor('newest', [1_795_000_000_000, 'ord_1']), 'newest', 'ns')).toEqual([1_795_000_000_000, 'ord_1']);
    expect(decodeCursor(encodeCursor('name', ['Mug', 'a1']), 'name', 'vs')).toEqual(['Mug', 'a1']);
    expect(decodeCursor(encodeCursor('price', [1200, 'a1']), 'price', 'vs')).toEqual([1200, 'a1']);
    for (const none of [undefined, null, '']) expect(decodeCursor(none, 'newest', 'ns')).toBeNull();
  });

  it("refuses another list's or sort's cursor, a key of the wrong shape, and what no list wrote", () => {
    expect(invalid(encodeCursor('oldest', [1, 'a']))).toBe('CURSOR_INVALID');
    expect(invalid(encodeCursor('newest', ['1', 'a']))).toBe('CURSOR_INVALID');
    expect(invalid(encodeCursor('newest', [1.5, 'a']))).toBe('CURSOR_INVALID');
    expect(invalid(encodeCursor('newest', [1]))).toBe('CURSOR_INVALID');
    expect(invalid(encodeCursor('newest', [1, 'a', 'b']))).toBe('CURSOR_INVALID');
    expect(invalid(encodeCursor('newest', [1, 'x'.repeat(1001)]))).toBe('CURSOR_INVALID');
    expect(invalid('nonsense')).toBe('CURSOR_INVALID');
    expect(invalid(Buffer.from('{"v":1}').toString('base64url'))).toBe('CURSOR_INVALID');
    expect(invalid(['a'])).toBe('CURSOR_INVALID');
    expect(invalid('x'.repeat(3000))).toBe('CURSOR_INVALID');
  });
});
