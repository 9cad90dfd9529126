import { afterEach, describe, expect, it } from 'vitest';
import { getServerProcessing, setServerProcessing } from './server-processing';

afterEach(() => setServerProcessing({ isProcessing: false, message: null }));

describe('the server processing flag', () => {
  it('keeps the last message when work stops (the end of a run), and clears without one', () => {
    setServerProcessing({ isProcessing: true, message: '상품 3개를 처리하고 있습니다...' });
    expect(getServerProcessing()).toEqual({ isProcessing: true, message: '상품 3개를 처리하고 있습니다...' });
    setServerProcessing({ isProcessing: false, message: '등록 정보 생성 완료 (총 3개, 성공: 3, 실패: 0)' });
    expect(getServerProcessing()).toEqual({
      isProcessing: false,
      message: '등록 정보 생성 완료 (총 3개, 성공: 3, 실패: 0)',
    });
    setServerProcessing({ isProcessing: false, message: null });
    expect(getServerProcessing()).toEqual({ isProcessing: false, message: null });
  });
});
