import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../src/http/error-status.ts';
import { EngineBusyError, FairQueue } from '../../src/images/translate/fair-queue.ts';

describe('image engine queue: fair share per company', () => {
  it('takes jobs company by company, so a big batch does not make the next company wait behind it', () => {
    const q = new FairQueue<string>(100, 500);
    for (let i = 1; i <= 50; i++) q.push('big', `big-${i}`);
    q.push('small', 'small-1');
    q.push('small', 'small-2');
    q.push('other', 'other-1');
    const order = Array.from({ length: 8 }, () => q.shift());
    expect(order).toEqual(['big-1', 'small-1', 'other-1', 'big-2', 'small-2', 'big-3', 'big-4', 'big-5']);
    expect(q.size).toBe(45);
  });

  it('refuses a company over its bound with a 429 in Korean, while another company still gets in', () => {
    const q = new FairQueue<number>(3, 500);
    for (let i = 0; i < 3; i++) q.push('a', i);
    let refused: unknown;
    try {
      q.push('a', 99);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(EngineBusyError);
    expect(refused).toMatchObject({
      code: 'image_queue_full_company',
      userMessage: { ko: '이미지 처리 대기 작업이 너무 많습니다. 진행 중인 작업이 끝난 뒤 다시 시도하세요.' },
    });
    expect(httpStatusOf((refused as EngineBusyError).kind)).toBe(429);
    expect(q.waitingFor('a')).toBe(3);
    q.push('b', 1);
    expect(q.size).toBe(4);
    // A job taken frees a place.
    expect(q.shift()).toBe(0);
    q.push('a', 100);
    expect(q.waitingFor('a')).toBe(3);
  });

  it('has a total bound across companies', () => {
    const q = new FairQueue<number>(10, 12);
    for (let c = 0; c < 4; c++) for (let i = 0; i < 3; i++) q.push(`c${c}`, i);
    expect(() => q.push('c9', 1)).toThrow(EngineBusyError);
    expect(() => q.push('c9', 1)).toThrow(expect.objectContaining({ code: 'image_queue_full' }));
    expect(q.drain()).toHaveLength(12);
    expect(q.size).toBe(0);
    expect(q.shift()).toBeUndefined();
  });

  it('holds new companies to their own share, so established ones always find room', () => {
    const q = new FairQueue<string>(100, 10, { maxPerOwner: 2, maxTotal: 4 });
    q.push('new1', 'a', true);
    q.push('new1', 'b', true);
    expect(() => q.push('new1', 'c', true)).toThrow(
      expect.objectContaining({ code: 'image_queue_full_company' }),
    );
    q.push('new2', 'd', true);
    q.push('new3', 'e', true);
    // Any number of further sign-ups: their share (4) is full.
    for (const owner of ['new4', 'new5', 'new6'])
      expect(() => q.push(owner, 'x', true)).toThrow(
        expect.objectContaining({
          code: 'image_queue_full_new_accounts',
          userMessage: expect.objectContaining({
            ko: '새로 가입한 회사들의 이미지 처리 대기 작업이 많습니다. 잠시 후 다시 시도하세요.',
          }),
        }),
      );
    expect(q.newcomerSize).toBe(4);
    // The other 6 places are the established companies'.
    for (let i = 0; i < 6; i++) q.push('old', `old-${i}`);
    expect(() => q.push('old2', 'y')).toThrow(expect.objectContaining({ code: 'image_queue_full' }));
    // Taking a new company's job frees a place in their share.
    expect(q.shift()).toBe('a');
    expect(q.newcomerSize).toBe(3);
    expect(q.shift()).toBe('d');
    q.push('new4', 'f', true);
    expect(q.newcomerSize).toBe(3);
  });
});
