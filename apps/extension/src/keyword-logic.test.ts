import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  autocompletePath,
  cleanKeywords,
  keywordAnswerText,
  keywordBody,
  keywordText,
  parseAutocomplete,
  readCollectRequest,
  readSeedCount,
} from './keyword-logic.ts';

// Keywords from Coupang (issue 42): the page URL the keyword screen opens, the autocomplete answer in
// the shapes public captures show (e2e/fixtures/coupang_*; docs/decisions.md) and the body sent.

const fixture = (name: string) =>
  readFileSync(new URL(`../../../e2e/fixtures/${name}`, import.meta.url), 'utf8');
const P = '00000000-0000-4000-8000-0000000000aa';

describe('readCollectRequest', () => {
  it('reads the seed from q and the getadkeyword fields after #rr-keywords', () => {
    const href = `https://www.coupang.com/np/search?q=%EC%97%AC%EB%A6%84+%EC%96%91%EB%A7%90&channel=user#rr-keywords&id=${P}&cnt=15&rel=1&ac=0`;
    expect(readCollectRequest(href)).toEqual({
      seed: '여름 양말',
      productId: P,
      cnt: 15,
      relKeywordChecked: true,
      autoCompleteChecked: false,
    });
  });

  it('a search the seller made (no marker), no seed or a seed too long is not a collection', () => {
    expect(readCollectRequest('https://www.coupang.com/np/search?q=양말')).toBeNull();
    expect(readCollectRequest('https://www.coupang.com/np/search?q=양말#other')).toBeNull();
    expect(readCollectRequest('https://www.coupang.com/np/search#rr-keywords')).toBeNull();
    expect(
      readCollectRequest(`https://www.coupang.com/np/search?q=${'x'.repeat(51)}#rr-keywords`),
    ).toBeNull();
  });

  it('a malformed id is no product; a bad cnt is 20, a large one 50', () => {
    const r = readCollectRequest('https://www.coupang.com/np/search?q=양말#rr-keywords&id=../x&cnt=abc');
    expect(r).toMatchObject({ productId: null, cnt: 20, relKeywordChecked: true, autoCompleteChecked: true });
    expect(readCollectRequest('https://www.coupang.com/np/search?q=양말#rr-keywords&cnt=900')?.cnt).toBe(50);
  });
});

describe('the autocomplete answer', () => {
  it('JSONP with a list of {keyword} (the callback the page names): each keyword once, in order', () => {
    expect(parseAutocomplete(fixture('coupang_autocomplete_jsonp.txt'))).toEqual([
      { keyword: '여름 양말 남자', count: null },
      { keyword: '여름 양말 여성', count: null },
      { keyword: '여름 양말 발목', count: null },
      { keyword: '여름 양말 덧신', count: null },
    ]);
  });

  it('JSON with the list under autoCompletes; plain strings; a count where an entry carries one', () => {
    expect(parseAutocomplete(fixture('coupang_autocomplete_object.json')).map((k) => k.keyword)).toEqual([
      '여름 양말 남자',
      '여름 양말 여성',
    ]);
    expect(parseAutocomplete('(["양말", "양말 세트"])')).toEqual([
      { keyword: '양말', count: null },
      { keyword: '양말 세트', count: null },
    ]);
    expect(parseAutocomplete('{"suggests":[{"keyword":"양말","count":"1,200"}]}')).toEqual([
      { keyword: '양말', count: 1200 },
    ]);
  });

  it('an answer that is not JSON (a block page, HTML) gives nothing', () => {
    expect(parseAutocomplete('<html>Access Denied</html>')).toEqual([]);
    expect(parseAutocomplete('')).toEqual([]);
  });

  it('is asked on the page’s own origin with the seed', () => {
    expect(autocompletePath('여름 양말')).toBe(
      '/np/search/autoComplete?callback=&keyword=%EC%97%AC%EB%A6%84+%EC%96%91%EB%A7%90',
    );
  });
});

describe('the page’s related keywords and result count', () => {
  it('a link’s title wins over its text; each keyword once; blanks and over-long ones left out', () => {
    expect(keywordText('메쉬양말', '메쉬 양말')).toBe('메쉬양말');
    expect(keywordText(null, '  발목\n 양말 ')).toBe('발목 양말');
    expect(cleanKeywords(['여름양말', '', '여름양말', 'x'.repeat(101), '덧신'])).toEqual([
      '여름양말',
      '덧신',
    ]);
  });

  it('the seed’s result count from the page data (searchCount), null when absent', () => {
    expect(readSeedCount(fixture('coupang_search_related_2024.html'))).toBe(53211);
    expect(readSeedCount(fixture('coupang_search_related_legacy.html'))).toBeNull();
  });
});

describe('the body sent to POST /api/getadkeyword', () => {
  const request = {
    seed: '여름 양말',
    productId: P,
    cnt: 2,
    relKeywordChecked: true,
    autoCompleteChecked: true,
  };
  it('ranks each source in page order and keeps the first cnt of each', () => {
    const body = keywordBody(
      request,
      ['여름양말', '발목양말', '덧신'],
      [{ keyword: '여름 양말 남자', count: null }],
      53211,
    );
    expect(body).toEqual({
      id: P,
      data: '여름 양말',
      cnt: 2,
      relKeywordChecked: true,
      autoCompleteChecked: true,
      seedCount: 53211,
      keywords: [
        { keyword: '여름양말', source: 'related', rank: 1, count: null },
        { keyword: '발목양말', source: 'related', rank: 2, count: null },
        { keyword: '여름 양말 남자', source: 'autocomplete', rank: 1, count: null },
      ],
    });
    expect(keywordBody({ ...request, relKeywordChecked: false }, ['여름양말'], [], null).keywords).toEqual(
      [],
    );
  });

  it('the server’s message is shown; a failure without one says so', () => {
    expect(keywordAnswerText(200, { message: '"여름 양말"의 키워드 3개를 저장했습니다.' }, 'x')).toEqual({
      ok: true,
      text: '"여름 양말"의 키워드 3개를 저장했습니다.',
    });
    expect(keywordAnswerText(403, { message: '이 토큰은 키워드 수집 전에 만들어져' }, 'x')).toEqual({
      ok: false,
      text: '이 토큰은 키워드 수집 전에 만들어져',
    });
    expect(keywordAnswerText(502, null, '키워드를 보내지 못했습니다.')).toEqual({
      ok: false,
      text: '키워드를 보내지 못했습니다.',
    });
  });
});
