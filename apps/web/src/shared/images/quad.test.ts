import { describe, expect, it } from 'vitest';
import { toNumber } from '../values';
import { toBox, toQuad } from './quad';

describe('four-point boxes (toQuad)', () => {
  it('reads [[x,y]×4], [{x,y}×4] and eight flat numbers alike', () => {
    const quad = [
      [1, 2],
      [3, 2],
      [3, 4],
      [1, 4],
    ];
    expect(toQuad(quad)).toEqual(quad);
    expect(
      toQuad([
        { x: 1, y: 2 },
        { x: 3, y: 2 },
        { x: 3, y: 4 },
        { x: 1, y: 4 },
      ]),
    ).toEqual(quad);
    expect(toQuad([1, 2, 3, 2, 3, 4, 1, 4])).toEqual(quad);
    expect(toQuad(['1', '2', 3, 2, 3, 4, 1, 4])).toEqual(quad);
  });
  it('refuses anything that is not four valid points', () => {
    expect(
      toQuad([
        [1, 2],
        [3, 2],
        [3, 4],
      ]),
    ).toBeUndefined();
    expect(
      toQuad([
        [1, 2],
        [3, 'x'],
        [3, 4],
        [1, 4],
      ]),
    ).toBeUndefined();
    expect(toQuad(null)).toBeUndefined();
    expect(toQuad('1,2,3,4')).toBeUndefined();
  });
});

describe('stored boxes (toBox)', () => {
  const quad = [
    [1, 2],
    [4, 2],
    [4, 6],
    [1, 6],
  ];
  it('reads a four-point box, and a rectangle as [x, y, w, h] or {x|left, y|top, width|w, height|h}', () => {
    expect(toBox(quad)).toEqual(quad);
    expect(toBox([1, 2, 3, 4])).toEqual(quad);
    expect(toBox({ x: 1, y: 2, width: 3, height: 4 })).toEqual(quad);
    expect(toBox({ left: '1', top: 2, w: 3, h: '4' })).toEqual(quad);
  });
  it('refuses what is neither', () => {
    expect(toBox([1, 2])).toBeUndefined();
    expect(toBox([1, 2, 'x', 4])).toBeUndefined();
    expect(toBox({ x: 1, y: 2, width: 3 })).toBeUndefined();
    expect(toBox(null)).toBeUndefined();
    // the spec's four-point reading stays strict
    expect(toQuad([1, 2, 3, 4])).toBeUndefined();
  });
  it('numbers from numbers or numeric text only', () => {
    expect([toNumber(3), toNumber(' 3 '), toNumber(''), toNumber('x'), toNumber(Number.NaN)]).toEqual([
      3,
      3,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
