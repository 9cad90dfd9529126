import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getProcessing, setFinished, setProcessing, useProcessing } from './processing-store';

afterEach(() => setProcessing(false));

describe('processing store', () => {
  it('holds the flag, message and progress, and clears them', () => {
    setProcessing(true, 'SEO 처리 중', 42);
    expect(getProcessing()).toEqual({ isProcessing: true, message: 'SEO 처리 중', progress: 42 });
    setProcessing(false, 'ignored', 80);
    expect(getProcessing()).toEqual({ isProcessing: false, message: '', progress: null });
  });

  it('clamps progress to 0–100', () => {
    setProcessing(true, 'x', 140);
    expect(getProcessing().progress).toBe(100);
    setProcessing(true, 'x', -3);
    expect(getProcessing().progress).toBe(0);
    setProcessing(true, 'x');
    expect(getProcessing().progress).toBeNull();
  });

  it('re-renders subscribers', () => {
    const { result } = renderHook(() => useProcessing());
    expect(result.current.isProcessing).toBe(false);
    act(() => setProcessing(true, '가격 계산 중', 10));
    expect(result.current).toEqual({ isProcessing: true, message: '가격 계산 중', progress: 10 });
  });
});

describe('the finished notice', () => {
  it('shows the end message without the processing flag until work starts again', () => {
    setFinished('등록 정보 생성 완료 (총 1개, 성공: 0, 실패: 1)');
    expect(getProcessing()).toEqual({
      isProcessing: false,
      message: '등록 정보 생성 완료 (총 1개, 성공: 0, 실패: 1)',
      progress: null,
    });
    setProcessing(true, '상품 1개 작업 중', 0);
    expect(getProcessing().isProcessing).toBe(true);
    setFinished('');
    expect(getProcessing()).toEqual({ isProcessing: false, message: '', progress: null });
  });
});
