import { describe, expect, it } from 'vitest';
import { reasonsByField } from './coupang-registration-section';

describe('reasonsByField', () => {
  it('groups Coupang reasons under their field in the page order, unmapped ones last', () => {
    expect(
      reasonsByField([
        { text: '가격 오류', field: 'price' },
        { text: '카테고리 불일치', field: null },
        { text: '대표이미지 워터마크', field: 'image' },
        { text: '상세이미지 중국어', field: 'image' },
      ]),
    ).toEqual([
      ['image', ['대표이미지 워터마크', '상세이미지 중국어']],
      ['price', ['가격 오류']],
      ['other', ['카테고리 불일치']],
    ]);
  });
  it('answers nothing for no reasons', () => expect(reasonsByField([])).toEqual([]));
});
