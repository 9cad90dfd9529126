import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { flatScene, texturedScene } from '../images/support/scenes.ts';
import { createTestApp, signUp } from '../support/test-app.ts';

// Issue 21: a burst of sign-ups cannot take the image engine's whole queue, and no company can have
// another company's stored file processed.

const t = await createTestApp({
  LOG_LEVEL: 'silent',
  // Small bounds so a few requests saturate them: 2 workers run, then at most 2 jobs of new
  // companies wait (1 each); established companies have 6 places in all.
  IMAGE_QUEUE_PER_COMPANY: '3',
  IMAGE_QUEUE_TOTAL: '6',
  IMAGE_QUEUE_PER_NEW_COMPANY: '1',
  IMAGE_QUEUE_NEW_COMPANIES: '2',
});

async function company(name: string) {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { cookie } = await signUp(t.app, { email, companyName: `${name} 상사` });
  const row = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { cookie, companyId: row.company_id };
}

const cleanup = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/images/cleanup', headers: { cookie }, payload });

describe('stored files are read for their own company only', () => {
  it("refuses another company's stored file with a Korean 404 and records nothing", async () => {
    const owner = await company('owner');
    const other = await company('other');
    const file = await t.container.storage.put(owner.companyId, 'scene.png', flatScene().png);
    const absolute = `/files/${file.key}?v=2`;
    for (const [url, payload] of [
      ['/api/images/cleanup', { imgUrl: file.url }],
      ['/api/images/cleanup', { imgUrl: absolute }],
      ['/api/aiPage/getImageTranslate', [{ imgUrl: file.url }]],
      ['/api/aiPage/getImageOCR', { rmUrl: file.url, ocrData: [] }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: other.cookie }, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
      expect(res.body, url).toContain('저장된 이미지를 찾을 수 없습니다');
    }
    const rows = await t.db
      .selectFrom('image_requests')
      .select('request_id')
      .where('company_id', '=', other.companyId)
      .execute();
    expect(rows).toEqual([]);
    // The owner itself is served.
    const mine = await cleanup(owner.cookie, { imgUrl: file.url });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().url).toMatch(new RegExp(`^/files/${owner.companyId}/`));
  }, 120_000);
});

describe('image queue: sign-ups cannot fill it for everyone', () => {
  it('five fresh companies saturate their share; an established company is still accepted and served', async () => {
    const established = await company('established');
    await sql`update companies set created_at = now() - interval '30 days' where id = ${established.companyId}`.execute(
      t.db,
    );
    const fresh = await Promise.all([1, 2, 3, 4, 5].map((i) => company(`fresh${i}`)));
    const image = texturedScene().png.toString('base64');

    // Each fresh company sends three at once: 2 run, 2 wait, the rest are refused.
    const answers: { status: number; code?: string; message?: string }[] = [];
    let firstRefusal!: () => void;
    const refused = new Promise<void>((resolve) => {
      firstRefusal = resolve;
    });
    const burst = fresh.flatMap((c) =>
      [1, 2, 3].map(async () => {
        const res = await cleanup(c.cookie, { imageData: image });
        const body = res.json();
        answers.push({ status: res.statusCode, code: body.code, message: body.message });
        if (res.statusCode === 429) firstRefusal();
      }),
    );
    // (On a machine so slow that no request was refused, the burst ends first and the counts below fail.)
    await Promise.race([refused, Promise.all(burst)]);
    // The new accounts' share is full now: the established company's job is taken and runs.
    const mine = await cleanup(established.cookie, { imageData: image });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ 요청결과: 'success', url: expect.stringMatching(/^\/files\//) });
    await Promise.all(burst);

    // Every fresh request was either served or refused with a Korean 429 (never a 500).
    const refusals = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200).length + refusals.length).toBe(15);
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    for (const r of refusals)
      expect(['image_queue_full_new_accounts', 'image_queue_full_company']).toContain(r.code);
    expect(refusals.map((r) => r.message)).toContain(
      '새로 가입한 회사들의 이미지 처리 대기 작업이 많습니다. 잠시 후 다시 시도하세요.',
    );
  }, 180_000);
});
