import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from './messages.ts';

describe('message catalogue', () => {
  it('has a Korean and an English text for every key', () => {
    for (const [key, m] of Object.entries(MESSAGES)) {
      expect(m.ko.trim(), key).not.toBe('');
      expect(m.en.trim(), key).not.toBe('');
    }
  });

  it.each([
    ['offerIdNotFound', '상품 ID를 추출할 수 없습니다'],
    ['noProductsSelected', '처리할 상품이 선택되지 않았습니다'],
    ['invalidProduct', '유효하지 않은 상품 정보입니다'],
    ['imageDataMissing', '이미지 데이터가 없습니다.'],
    ['noImagesToProcess', '처리할 이미지가 없습니다'],
    ['productNameRequired', '상품명이 필수입니다.'],
    ['purchasePriceRequired', '공급가가 필수입니다.'],
    ['exposedAttributeRequired', '노출속성이 최소 1개 필요합니다.'],
    ['serverError', '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.'],
    ['noServerConnection', '서버에 연결할 수 없습니다. 네트워크 연결을 확인해주세요.'],
    ['requestCancelled', '요청이 취소되었습니다.'],
    ['authRequired', '인증이 필요합니다.'],
  ] as const)('%s is verbatim', (key, text) => expect(MESSAGES[key].ko).toBe(text));

  it('fills placeholders', () => {
    expect(formatMessage('quotationGenerated', { total: 3, success: 2, failure: 1 }, 'en')).toBe(
      'registration details generated (total 3, success: 2, failure: 1)',
    );
    expect(formatMessage('mandatoryExposedMissing', { names: '색상, 사이즈' })).toBe(
      '필수 노출속성이 누락되었습니다: 색상, 사이즈',
    );
    expect(formatMessage('requestTimeout')).toBe('요청 시간 초과 ({ms}ms)');
  });
});
