import { GetAdKeywordRequest } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import type { KeywordRepository, KeywordRow, NewKeyword } from '../../src/keywords/keyword-repository.ts';
import { createKeywordService, keptKeywords } from '../../src/keywords/keyword-service.ts';

// The keyword service on a fake repository (no PostgreSQL): what a collection keeps, per product
// and seed, and the 4xx a client gets.

const COMPANY = '00000000-0000-4000-8000-000000000001';
const PRODUCT = '00000000-0000-4000-8000-0000000000aa';

function fakeRepository() {
  const rows: (KeywordRow & { companyId: string })[] = [];
  let next = 1;
  const repository: Pick<KeywordRepository, 'replaceCollection' | 'listOfProduct' | 'delete'> = {
    async replaceCollection(companyId, productId, seed, keywords: readonly NewKeyword[]) {
      for (let i = rows.length - 1; i >= 0; i--) {
        const r = rows[i]!;
        if (r.companyId === companyId && r.productId === productId && r.seed === seed) rows.splice(i, 1);
      }
      const made = keywords.map((k) => ({
        ...k,
        companyId,
        productId,
        seed,
        id: `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`,
        collectedAt: new Date('2026-11-28T09:00:00Z'),
      }));
      rows.push(...made);
      return made;
    },
    async listOfProduct(companyId, productId, seed) {
      return rows.filter(
        (r) =>
          r.companyId === companyId && r.productId === productId && (seed === undefined || r.seed === seed),
      );
    },
    async delete(companyId, id) {
      const i = rows.findIndex((r) => r.companyId === companyId && r.id === id);
      if (i < 0) return false;
      rows.splice(i, 1);
      return true;
    },
  };
  return { rows, repository };
}

const request = (over: Partial<GetAdKeywordRequest> = {}) =>
  GetAdKeywordRequest.parse({
    id: PRODUCT,
    data: ' 여름  양말 ',
    keywords: [
      { keyword: '여름양말', source: 'related', rank: 1, count: null },
      { keyword: '발목양말', source: 'related', rank: 2, count: null },
      { keyword: '여름양말', source: 'related', rank: 3, count: null },
      { keyword: '여름 양말 남자', source: 'autocomplete', rank: 1, count: null },
      { keyword: '여름 양말 여성', source: 'autocomplete', rank: 2, count: 1200 },
    ],
    ...over,
  });

function service(products = new Set([PRODUCT])) {
  const fake = fakeRepository();
  const keywords = createKeywordService({
    repository: fake.repository,
    products: { exists: async (companyId, id) => companyId === COMPANY && products.has(id) },
  });
  return { ...fake, keywords };
}

describe('keptKeywords (getadkeyword: cnt, relKeywordChecked, autoCompleteChecked)', () => {
  it('keeps each keyword once per source, in page order, renumbered', () => {
    expect(keptKeywords(request())).toEqual([
      { keyword: '여름양말', source: 'related', rank: 1, count: null },
      { keyword: '발목양말', source: 'related', rank: 2, count: null },
      { keyword: '여름 양말 남자', source: 'autocomplete', rank: 1, count: null },
      { keyword: '여름 양말 여성', source: 'autocomplete', rank: 2, count: 1200 },
    ]);
  });

  it('keeps the first cnt of each source, and only the ticked sources', () => {
    expect(keptKeywords(request({ cnt: 1 })).map((k) => k.keyword)).toEqual(['여름양말', '여름 양말 남자']);
    expect(keptKeywords(request({ relKeywordChecked: false })).map((k) => k.source)).toEqual([
      'autocomplete',
      'autocomplete',
    ]);
    expect(keptKeywords(request({ autoCompleteChecked: false, relKeywordChecked: false }))).toEqual([]);
  });
});

describe('the keyword service', () => {
  it('saves a collection for the product and seed, answering adkeywords and a Korean message', async () => {
    const { keywords } = service();
    const r = await keywords.collect(COMPANY, { ...request(), seedCount: 53211 });
    expect(r.message.ko).toBe('"여름 양말"의 키워드 4개를 저장했습니다.');
    expect(r.adkeywords.seed).toBe('여름 양말');
    expect(r.adkeywords.seedCount).toBe(53211);
    expect(r.adkeywords.relatedkeywords.map((k) => [k.keyword, k.source, k.rank])).toEqual([
      ['여름양말', 'related', 1],
      ['발목양말', 'related', 2],
      ['여름 양말 남자', 'autocomplete', 1],
      ['여름 양말 여성', 'autocomplete', 2],
    ]);
    expect(await keywords.list(COMPANY, PRODUCT)).toHaveLength(4);
  });

  it('a new collection of the same seed replaces the old one; another seed is kept beside it', async () => {
    const { keywords } = service();
    await keywords.collect(COMPANY, request());
    await keywords.collect(
      COMPANY,
      request({ keywords: [{ keyword: '덧신', source: 'related', rank: 1, count: null }] }),
    );
    await keywords.collect(COMPANY, request({ data: '덧신' }));
    const all = await keywords.list(COMPANY, PRODUCT);
    expect(all.filter((k) => k.seed === '여름 양말').map((k) => k.keyword)).toEqual(['덧신']);
    expect(all.filter((k) => k.seed === '덧신')).toHaveLength(4);
    expect((await keywords.list(COMPANY, PRODUCT, '덧신')).every((k) => k.seed === '덧신')).toBe(true);
  });

  it('nothing on the page: saved as empty, and says so', async () => {
    const { keywords } = service();
    const r = await keywords.collect(COMPANY, request({ keywords: [] }));
    expect(r.message.ko).toBe('"여름 양말"에 대해 쿠팡 검색이 보여준 키워드가 없습니다.');
    expect(r.adkeywords.relatedkeywords).toEqual([]);
  });

  it("another company's or an unknown product: 404 with a Korean message, nothing saved", async () => {
    const { keywords, rows } = service(new Set());
    await expect(keywords.collect(COMPANY, request())).rejects.toMatchObject({
      kind: 'not_found',
      userMessage: { ko: '상품을 찾을 수 없습니다.' },
    });
    await expect(keywords.list(COMPANY, PRODUCT)).rejects.toMatchObject({ kind: 'not_found' });
    expect(rows).toHaveLength(0);
  });

  it('a collection without a product is kept by seed; delete removes one keyword, an unknown id is 404', async () => {
    const { keywords, rows } = service();
    const r = await keywords.collect(COMPANY, request({ id: null }));
    expect(rows.every((k) => k.productId === null)).toBe(true);
    const first = r.adkeywords.relatedkeywords[0]!;
    expect((await keywords.remove(COMPANY, first.id)).ko).toBe('키워드를 삭제했습니다.');
    expect(rows).toHaveLength(3);
    await expect(keywords.remove(COMPANY, first.id)).rejects.toMatchObject({
      kind: 'not_found',
      userMessage: { ko: '키워드를 찾을 수 없습니다.' },
    });
  });
});

describe('GetAdKeywordRequest bounds', () => {
  it('refuses a seed too long, too many keywords, a blank keyword', () => {
    expect(GetAdKeywordRequest.safeParse({ data: 'x'.repeat(51), keywords: [] }).success).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => ({
      keyword: `k${i}`,
      source: 'related',
      rank: i + 1,
      count: null,
    }));
    expect(GetAdKeywordRequest.safeParse({ data: '양말', keywords: many }).success).toBe(false);
    expect(
      GetAdKeywordRequest.safeParse({
        data: '양말',
        keywords: [{ keyword: ' ', source: 'related', rank: 1, count: null }],
      }).success,
    ).toBe(false);
  });
});
