import { describe, expect, it } from 'vitest';
import { deniedReasonsFor, type RegistrationReasons } from './field-reasons';

const denied: RegistrationReasons = {
  status: 'denied',
  reasons: [
    { text: '대표이미지 워터마크', field: 'image' },
    { text: '가격 오류', field: 'price' },
    { text: '카테고리 불일치', field: null },
    { text: '상세이미지 중국어', field: 'image' },
    { text: '대표이미지 워터마크', field: 'image' },
  ],
};

describe('deniedReasonsFor', () => {
  it.each([
    ['image', ['대표이미지 워터마크', '상세이미지 중국어']],
    ['price', ['가격 오류']],
    ['name', []],
    ['notice', []],
    ['certification', []],
  ] as const)('a denial shows its %s reasons next to that field, each once', (field, texts) => {
    expect(deniedReasonsFor(denied, field)).toEqual(texts);
  });

  it.each(['requested', 'in_review', 'approved', 'partially_approved', 'failed'] as const)(
    'shows nothing while the registration is %s',
    (status) => {
      expect(deniedReasonsFor({ ...denied, status }, 'image')).toEqual([]);
    },
  );

  it('shows nothing for a product never sent', () => {
    expect(deniedReasonsFor(undefined, 'image')).toEqual([]);
    expect(deniedReasonsFor(null, 'price')).toEqual([]);
  });
});
