import type { CollectedKeywordView } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { coupangCollectUrl, initialKeywordState, keywordReducer, sortKeywords } from './keyword-state';

const P = '00000000-0000-4000-8000-0000000000aa';
const k = (id: string, keyword: string, over: Partial<CollectedKeywordView> = {}): CollectedKeywordView => ({
  id,
  productId: P,
  seed: '여름 양말',
  keyword,
  source: 'related',
  rank: 1,
  count: null,
  collectedAt: '2026-11-28T09:00:00.000Z',
  ...over,
});

describe('keyword screen state', () => {
  it('a blank or too long seed is refused before anything starts', () => {
    const s = initialKeywordState(P);
    expect(keywordReducer(s, { type: 'collect', before: [], now: 0 })).toMatchObject({
      seedError: 'required',
      collecting: null,
    });
    const long = keywordReducer(s, { type: 'seed', value: 'x'.repeat(51) });
    expect(keywordReducer(long, { type: 'collect', before: [], now: 0 }).seedError).toBe('tooLong');
  });

  it('a collection arrives when keywords of its seed that were not there before are listed', () => {
    let s = keywordReducer(initialKeywordState(P), { type: 'seed', value: ' 여름 양말 ' });
    s = keywordReducer(s, { type: 'collect', before: ['old'], now: 1000 });
    expect(s.collecting).toEqual({ seed: '여름 양말', before: ['old'], startedAt: 1000 });
    s = keywordReducer(s, { type: 'listed', items: [k('old', '양말')], now: 5000 });
    expect(s.collecting).not.toBeNull();
    s = keywordReducer(s, {
      type: 'listed',
      items: [k('old', '양말'), k('n1', '여름양말'), k('n2', '발목양말')],
      now: 6000,
    });
    expect(s).toMatchObject({ collecting: null, outcome: { kind: 'arrived', seed: '여름 양말', count: 2 } });
  });

  it('nothing new after 30 s: timed out (the spec’s 키워드 수집 시간 초과)', () => {
    let s = keywordReducer(initialKeywordState(P), { type: 'seed', value: '여름 양말' });
    s = keywordReducer(s, { type: 'collect', before: [], now: 0 });
    s = keywordReducer(s, { type: 'listed', items: [], now: 29_999 });
    expect(s.outcome).toBeNull();
    s = keywordReducer(s, { type: 'listed', items: [k('x', '다른', { seed: '다른' })], now: 30_000 });
    expect(s).toMatchObject({ collecting: null, outcome: { kind: 'timedOut', seed: '여름 양말' } });
  });

  it('sorts by a column, the same column again reverses; missing counts go last', () => {
    const items = [
      k('a', '나', { rank: 2, count: 10 }),
      k('b', '가', { rank: 1, count: null, source: 'autocomplete' }),
      k('c', '다', { rank: 3, count: 300 }),
    ];
    let s = initialKeywordState(P);
    expect(sortKeywords(items, s.sort).map((x) => x.id)).toEqual(['b', 'a', 'c']);
    s = keywordReducer(s, { type: 'sort', key: 'count' });
    expect(sortKeywords(items, s.sort).map((x) => x.id)).toEqual(['a', 'c', 'b']);
    s = keywordReducer(s, { type: 'sort', key: 'count' });
    expect(sortKeywords(items, s.sort).map((x) => x.id)).toEqual(['c', 'a', 'b']);
    s = keywordReducer(s, { type: 'sort', key: 'keyword' });
    expect(sortKeywords(items, s.sort).map((x) => x.keyword)).toEqual(['가', '나', '다']);
  });

  it('the Coupang URL carries the seed as the query and the getadkeyword fields after #', () => {
    const url = new URL(coupangCollectUrl(' 여름 양말 ', P, 15));
    expect(url.origin + url.pathname).toBe('https://www.coupang.com/np/search');
    expect(url.searchParams.get('q')).toBe('여름 양말');
    expect(url.hash.startsWith('#rr-keywords&')).toBe(true);
    const fields = new URLSearchParams(url.hash.slice('#rr-keywords&'.length));
    expect(Object.fromEntries(fields)).toEqual({ id: P, cnt: '15', rel: '1', ac: '1' });
  });
});
