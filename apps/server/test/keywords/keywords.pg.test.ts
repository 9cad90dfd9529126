import { EXTENSION_ID } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { createKeywordRepository } from '../../src/keywords/keyword-repository.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Keywords from Coupang on PostgreSQL (issue 42): the repository, and the routes as the extension
// (personal access token, scope `keywords`) and the keyword screen (session) call them.

describe('collected keywords (real PostgreSQL)', async () => {
  const { app, db } = await createTestApp();
  const repo = createKeywordRepository(db);
  const emails = new Map<string, string>();

  async function seller(email: string) {
    const { cookie } = await signUp(app, { email });
    emails.set(cookie, email);
    const made = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie },
      payload: { name: '크롬' },
    });
    expect(made.statusCode).toBe(200);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/rocketReg/saveItems',
      headers: { cookie },
      payload: [{ productName: '夏季袜子', options: [{ sourceKey: 'A', optionNumber: 'S-001' }] }],
    });
    expect(saved.statusCode).toBe(200);
    return {
      cookie,
      token: made.json().token as string,
      productId: saved.json().savedItems[0]._id as string,
    };
  }

  const body = (productId: string | null, keywords: unknown[]) => ({
    id: productId,
    data: '여름 양말',
    cnt: 20,
    relKeywordChecked: true,
    autoCompleteChecked: true,
    seedCount: 4021,
    keywords,
  });
  const KEYWORDS = [
    { keyword: '여름양말', source: 'related', rank: 1, count: null },
    { keyword: '발목양말', source: 'related', rank: 2, count: null },
    { keyword: '여름 양말 남자', source: 'autocomplete', rank: 1, count: null },
  ];

  it('the extension sends a collection with its token; the screen lists it; a second one replaces it', async () => {
    const a = await seller('kw-a@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/getadkeyword',
      headers: { authorization: `Bearer ${a.token}`, origin: `chrome-extension://${EXTENSION_ID}` },
      payload: body(a.productId, KEYWORDS),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(`chrome-extension://${EXTENSION_ID}`);
    expect(res.json()).toMatchObject({
      res: 'success',
      message: '"여름 양말"의 키워드 3개를 저장했습니다.',
      adkeywords: { seed: '여름 양말', seedCount: 4021 },
    });
    const list = await app.inject({
      method: 'GET',
      url: `/api/keywords?productId=${a.productId}`,
      headers: { cookie: a.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((k: { keyword: string; source: string }) => [k.keyword, k.source])).toEqual([
      ['여름 양말 남자', 'autocomplete'],
      ['여름양말', 'related'],
      ['발목양말', 'related'],
    ]);
    await app.inject({
      method: 'POST',
      url: '/api/getadkeyword',
      headers: { authorization: `Bearer ${a.token}` },
      payload: body(a.productId, [KEYWORDS[0]]),
    });
    expect((await repo.listOfProduct(await companyOf(a.cookie), a.productId)).map((k) => k.keyword)).toEqual([
      '여름양말',
    ]);
  });

  it("another company's product is 404 and nothing is saved; a bad body is 400 with a Korean message", async () => {
    const a = await seller('kw-b@example.com');
    const b = await seller('kw-c@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/getadkeyword',
      headers: { authorization: `Bearer ${b.token}` },
      payload: body(a.productId, KEYWORDS),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('상품을 찾을 수 없습니다.');
    expect(await repo.listOfProduct(await companyOf(a.cookie), a.productId)).toEqual([]);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/getadkeyword',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { ...body(a.productId, KEYWORDS), data: 'x'.repeat(51) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[가-힣]/);
  });

  it('a token made before keywords (capture only) is refused with what to do; the screen deletes a keyword', async () => {
    const a = await seller('kw-d@example.com');
    await db.updateTable('access_tokens').set({ scope: 'capture' }).execute();
    const old = await app.inject({
      method: 'POST',
      url: '/api/getadkeyword',
      headers: { authorization: `Bearer ${a.token}` },
      payload: body(a.productId, KEYWORDS),
    });
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toContain('새 토큰을 만들어');
    // the session may send too (the screen's own collection path), and delete one keyword
    const saved = await app.inject({
      method: 'POST',
      url: '/api/getadkeyword',
      headers: { cookie: a.cookie },
      payload: body(a.productId, KEYWORDS),
    });
    const id = saved.json().adkeywords.relatedkeywords[0].id;
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/keywords/${id}`,
      headers: { cookie: a.cookie },
    });
    expect(del.json()).toEqual({ res: 'success', message: '키워드를 삭제했습니다.' });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/keywords/${id}`,
      headers: { cookie: a.cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  async function companyOf(cookie: string): Promise<string> {
    const row = await db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', emails.get(cookie) ?? '')
      .executeTakeFirstOrThrow();
    return row.company_id;
  }
});
