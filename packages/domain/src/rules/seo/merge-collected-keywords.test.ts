import { describe, expect, it } from 'vitest';
import { COLLECTED_KEYWORDS_MAX, mergeCollectedKeywords } from './merge-collected-keywords.ts';

const rel = (keyword: string, rank: number) => ({ keyword, source: 'related' as const, rank });
const ac = (keyword: string, rank: number) => ({ keyword, source: 'autocomplete' as const, rank });

describe('mergeCollectedKeywords (issue 42: Coupang-collected keywords first)', () => {
  it.each([
    ['no collected keywords: the AI list', ['양말', '면양말'], [], ['양말', '면양말'], 0],
    [
      'related by rank, then autocomplete by rank, then the AI fills',
      ['양말', '여름양말'],
      [ac('여름 양말 남자', 2), rel('발목양말', 2), ac('여름 양말 여성', 1), rel('여름양말', 1)],
      ['여름양말', '발목양말', '여름 양말 여성', '여름 양말 남자', '양말'],
      4,
    ],
    [
      'Chinese, blank and repeated collected ones left out',
      ['양말'],
      [rel('袜子', 1), rel(' ', 2), rel('양말', 3), ac('양말', 1)],
      ['양말'],
      1,
    ],
  ])('%s', (_name, ai, collected, keywords, fromCollected) => {
    expect(mergeCollectedKeywords(ai, collected)).toEqual({ keywords, fromCollected });
  });

  it(`collected ones take at most ${COLLECTED_KEYWORDS_MAX} places, the AI keeps the rest up to 10`, () => {
    const collected = Array.from({ length: 12 }, (_, i) => rel(`수집${i + 1}`, i + 1));
    const ai = Array.from({ length: 10 }, (_, i) => `AI${i + 1}`);
    const r = mergeCollectedKeywords(ai, collected);
    expect(r.fromCollected).toBe(COLLECTED_KEYWORDS_MAX);
    expect(r.keywords).toHaveLength(10);
    expect(r.keywords.slice(0, 2)).toEqual(['수집1', '수집2']);
    expect(r.keywords.slice(-3)).toEqual(['AI1', 'AI2', 'AI3']);
  });
});
