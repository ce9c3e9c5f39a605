import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from '../../src/http/querystring.js';

/** The query string parser's shortcut for plain pairs gives what qs gives, and leaves the rest to it. */
describe('parseQueryString', () => {
  const viaQs = (input: string) => qs.parse(input, { parameterLimit: 1000, depth: 5, arrayLimit: 20, strictDepth: true, allowPrototypes: false });

  it('parses plain pairs as qs does', () => {
    for (const input of ['page=2', 'format=json', 'rendered=1&lang=fr-FR', 'q=', 'a=1&b=x.y~z', '0=a', 'A_b-c=1']) {
      const parsed = parseQueryString(input);
      expect(parsed, input).toEqual(viaQs(input));
      expect(Object.getPrototypeOf(parsed), input).toBe(Object.prototype);
    }
  });

  it('leaves repeated names, brackets, encoded values and prototype names to qs', () => {
    for (const input of ['a=1&a=2', 'a[b]=1', 'q=caf%C3%A9+au+lait', 'toString=1', 'constructor=1&x=2', 'hasOwnProperty=1', 'a', 'a=1&b']) {
      expect(parseQueryString(input), input).toEqual(viaQs(input));
    }
  });
});
