import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyTextLine, copyTextValue } from '../../src/db/copy-text.js';

describe('COPY text format', () => {
  it.each([
    [null, '\\N'],
    [undefined, '\\N'],
    [true, 't'],
    [false, 'f'],
    [42, '42'],
    ['2025-01-20', '2025-01-20'],
    ['Zoë Ünal 大阪', 'Zoë Ünal 大阪'],
    ['a\tb', 'a\\tb'],
    ['line\nnext', 'line\\nnext'],
    ['cr\r', 'cr\\r'],
    ['back\\slash', 'back\\\\slash'],
    ['\\N', '\\\\N'],
  ])('writes %j as %j', (value, text) => {
    expect(copyTextValue(value)).toBe(text);
  });

  it('writes one line per row, values separated by tabs', () => {
    expect(copyTextLine([1, 'a\tb', null, false])).toBe('1\ta\\tb\t\\N\tf\n');
  });

  it('never lets a value end its column or its line early', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ unit: 'binary' }), { nil: null }), { minLength: 1 }), (row) => {
        const line = copyTextLine(row);
        expect(line.endsWith('\n')).toBe(true);
        expect(line.slice(0, -1)).not.toMatch(/[\n\r]/);
        expect(line.slice(0, -1).split('\t')).toHaveLength(row.length);
      }),
    );
  });
});
