/**
 * Folder listings and rule files are sorted by UTF-8 bytes, whatever the locale. The comparison skips
 * encoding both names where their UTF-16 code units already order them alike; it must answer exactly
 * as comparing the encoded bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteOrder } from '../../engine/io/text';

const sign = (n: number): number => Math.sign(n);
const bytes = (a: string, b: string): number => sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));

describe('byteOrder', () => {
  it.each([
    ['a', 'b'],
    ['a', 'a'],
    ['a', 'ab'],
    ['B', 'a'],
    ['é', 'z'],
    ['\uffff', '😀'],
    ['\ue000', '\ud7ff'],
    ['a😀', 'a\uffff'],
    ['\ud800', '\uffff'],
    ['\udc00', '\ud800'],
    ['', 'x'],
  ])('%j against %j', (a, b) => {
    expect(sign(byteOrder(a, b))).toBe(bytes(a, b));
    expect(sign(byteOrder(b, a))).toBe(bytes(b, a));
  });

  it('any two strings order as their UTF-8 bytes do', () => {
    const unit = fc.constantFrom(
      'a',
      'b',
      'Z',
      '0',
      '.',
      '-',
      'é',
      'ß',
      '\u07ff',
      '\u0800',
      '\ud7ff',
      '\ue000',
      '\uffff',
      '😀',
      '𝄞',
      '\ud800',
      '\udfff',
    );
    const text = fc.array(unit, { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'binary' })), fc.oneof(text, fc.string({ unit: 'binary' })), (a, b) => {
        expect(sign(byteOrder(a, b))).toBe(bytes(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});
