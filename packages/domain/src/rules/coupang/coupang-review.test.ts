import { describe, expect, it } from 'vitest';
import {
  denialReasonsOf,
  isReviewOpen,
  reasonFieldOf,
  reasonsOf,
  registrationStatusOf,
} from './coupang-review.ts';

describe('registrationStatusOf', () => {
  it.each([
    ['임시저장', 'requested'],
    ['심사중', 'in_review'],
    ['승인대기중', 'in_review'],
    ['승인완료', 'approved'],
    ['부분승인완료', 'partially_approved'],
    ['승인 반려', 'denied'],
    ['상품삭제', 'failed'],
    ['APPROVED', 'approved'],
    ['PARTIAL_APPROVED', 'partially_approved'],
    ['DENIED', 'denied'],
    ['SAVED', 'requested'],
    // Issue 37: an unknown name is shown as it came and not polled forever.
    ['알수없음', 'unknown'],
  ] as const)('%s → %s', (name, status) => expect(registrationStatusOf(name)).toBe(status));

  it.each([
    ['requested', true],
    ['in_review', true],
    ['approved', false],
    ['denied', false],
    ['failed', false],
    ['unknown', false],
    [null, false],
  ] as const)('review open for %s: %s', (status, open) => expect(isReviewOpen(status)).toBe(open));
});

describe('reasonFieldOf', () => {
  it.each([
    ['대표이미지에 워터마크가 있습니다.', 'image'],
    ['상품명에 브랜드와 무관한 키워드가 포함되어 있습니다.', 'name'],
    ['상품정보제공고시 내용이 상세페이지와 다릅니다.', 'notice'],
    ['KC 인증번호가 확인되지 않습니다. 인증 이미지를 확인해주세요.', 'certification'],
    ['정상가는 최소 10원 단위로 입력가능합니다.', 'price'],
    ['카테고리가 상품과 맞지 않습니다.', null],
  ] as const)('%s → %s', (text, field) => expect(reasonFieldOf(text)).toBe(field));
});

describe('denial reasons', () => {
  it('splits a comment into reasons with fields', () => {
    expect(reasonsOf('- 대표이미지 배경이 흰색이 아닙니다.\n- 상품명 중복 키워드')).toEqual([
      { text: '대표이미지 배경이 흰색이 아닙니다.', field: 'image' },
      { text: '상품명 중복 키워드', field: 'name' },
    ]);
  });

  it('answers the latest denial only, newest first', () => {
    expect(
      denialReasonsOf([
        { status: '승인반려', comment: '대표이미지에 워터마크가 있습니다.' },
        { status: '심사중', comment: '상품 등록 - 심사 요청' },
        { status: '승인반려', comment: '가격 오류' },
      ]),
    ).toEqual([{ text: '대표이미지에 워터마크가 있습니다.', field: 'image' }]);
    expect(
      denialReasonsOf([
        { status: '승인완료', comment: '' },
        { status: '승인반려', comment: 'x' },
      ]),
    ).toEqual([]);
  });
});
