import { describe, expect, it } from 'vitest';
import {
  initialTranslateState,
  type Job,
  translateReducer as reduce,
  withRegenerated,
} from './image-translate-state';
import type { OcrItem } from './ocr-logic';

const item = (source: string, target: string): OcrItem => ({
  source,
  target,
  font_size: 30,
  bounding_box: [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
  ],
  align: 'left',
  line_count: 1,
});

const job: Job = {
  sourceUrl: 'https://x/a.jpg',
  originUrl: 'https://x/a.jpg',
  rmUrl: 'https://x/rm.jpg',
  versions: [{ requestId: 'r1', url: 'https://x/t1.jpg' }],
  items: [item('包邮', '무료배송'), item('新款', '신상품')],
  ocrError: null,
};

describe('image translation screen state', () => {
  it('a translation goes through its steps and opens the job on the latest version', () => {
    let s = reduce({ ...initialTranslateState(), error: 'old' }, { type: 'stage', stage: 'uploading' });
    expect(s).toMatchObject({ stage: 'uploading', error: null });
    s = reduce(s, { type: 'stage', stage: 'translating' });
    s = reduce(s, { type: 'opened', job, at: '2026-01-01T00:00:00Z' });
    expect(s).toMatchObject({ stage: 'idle', shown: 0, hover: null });
    expect(s.edited).toEqual(job.items);
    expect(s.edited[0]).not.toBe(job.items[0]);
    expect(s.recent).toEqual([{ requestId: 'r1', url: 'https://x/t1.jpg', at: '2026-01-01T00:00:00Z' }]);
  });

  it('a failure ends the call and shows its message; the open job stays', () => {
    let s = reduce(initialTranslateState(), { type: 'opened', job, at: 'now' });
    s = reduce(s, { type: 'stage', stage: 'regenerating' });
    s = reduce(s, { type: 'failed', message: 'OCR 이미지 생성 실패' });
    expect(s).toMatchObject({ stage: 'idle', error: 'OCR 이미지 생성 실패', job });
    expect(reduce(s, { type: 'dismissError' }).error).toBeNull();
  });

  it('edits change the seller copy only, not while a call runs, and revert restores the OCR items', () => {
    let s = reduce(initialTranslateState(), { type: 'opened', job, at: 'now' });
    s = reduce(s, { type: 'edit', index: 1, patch: { target: '신상' } });
    expect(s.edited.map((i) => i.target)).toEqual(['무료배송', '신상']);
    expect(job.items[1]?.target).toBe('신상품');
    const busy = reduce(s, { type: 'stage', stage: 'regenerating' });
    expect(reduce(busy, { type: 'edit', index: 0, patch: { target: 'x' } }).edited).toBe(busy.edited);
    expect(reduce(s, { type: 'revert' }).edited).toEqual(job.items);
  });

  it('a regenerated version is shown on top, keeps the earlier ones, and is listed once in recent', () => {
    let s = reduce(initialTranslateState(), { type: 'opened', job, at: 't1' });
    const next = withRegenerated(job, [item('包邮', ' 무료 배송 '), item('新款', '신상품')], {
      requestId: 'r2',
      url: 'https://x/t2.jpg',
    });
    s = reduce(s, { type: 'opened', job: next, at: 't2' });
    expect(s.shown).toBe(1);
    expect(s.job?.items[0]?.target).toBe('무료 배송');
    expect(s.recent.map((r) => r.requestId)).toEqual(['r2', 'r1']);
    expect(reduce(s, { type: 'show', version: 9 }).shown).toBe(1);
    expect(reduce(s, { type: 'show', version: 0 }).shown).toBe(0);
  });
});
