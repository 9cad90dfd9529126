import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { createStorage } from '../../src/images/storage.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { flatScene } from './support/scenes.ts';

let app: FastifyInstance;
let t: TestDb;
let cookie: string;
let companyId: string;
let dataDir: string;

beforeAll(async () => {
  t = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), 'img-routes-'));
  writeFileSync(path.join(dataDir, 'app-secret'), 'secret-outside-files-0123456789');
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  app = await buildApp({ config, db: t.db }, { logger: false });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      companyName: '이미지상사',
      name: '김',
      email: `img${Date.now()}@example.com`,
      password: 'pw-123456789',
    },
  });
  expect(res.statusCode).toBe(200);
  cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  const row = await t.db.selectFrom('users').select('company_id').executeTakeFirstOrThrow();
  companyId = row.company_id;
});
afterAll(() => app?.close());

const post = (url: string, payload: unknown, withCookie = true) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: withCookie ? { cookie } : {} });

describe('aiPage image calls', () => {
  it('translates a stored image, answers the spec shape, stores the result and serves it', async () => {
    const storage = createStorage({ dataDir, publicUrl: undefined });
    const src = await storage.put(companyId, 'scene.png', flatScene().png);
    const res = await post('/api/aiPage/getImageTranslate', [{ imgUrl: src.url }]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.요청결과).toBe('성공');
    const { RequestId, Data } = body.result[0];
    for (const k of ['Url', 'SslUrl', 'RmUrl', 'SslRmUrl', 'TranslateUrl', 'SslTranslateUrl'])
      expect(Data[k]).toMatch(/^\/files\//);
    const file = await app.inject({ method: 'GET', url: Data.TranslateUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // Paths that would leave ${DATA_DIR}/files never serve what is outside it (DATA_DIR/app-secret).
    const secret = readFileSync(path.join(dataDir, 'app-secret'), 'utf8');
    for (const url of [
      '/files/../app-secret',
      '/files/%2e%2e/app-secret',
      `/files/${companyId}/..%2f..%2fapp-secret`,
    ]) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.body.includes(secret), url).toBe(false);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/files/${companyId}/..%2f..%2fapp-secret` })).statusCode,
    ).toBe(404);

    const q = await post('/api/aiPage/getImageTranslateBatchQuery', [RequestId]);
    expect(q.statusCode).toBe(200);
    const orc = q.json().result.Data.Content[RequestId].Orc;
    expect(orc.map((o: { source: string }) => o.source)).toContain('新款高品质收纳盒');

    const edited = orc.map((o: { source: string; target: string }) =>
      o.source === '新款高品质收纳盒' ? { ...o, target: '새 수납함' } : o,
    );
    const regen = await post('/api/aiPage/getImageOCR', {
      preRequestId: RequestId,
      url: Data.Url,
      rmUrl: Data.RmUrl,
      ocrData: edited,
    });
    expect(regen.statusCode, regen.body).toBe(200);
    expect(regen.json().result.RequestId).not.toBe(RequestId);
    expect(regen.json().result.Data.Url).toMatch(/^\/files\//);
  });

  it('refuses without a session, without a URL, and private addresses (nothing stored)', async () => {
    expect(
      (await post('/api/aiPage/getImageTranslate', [{ imgUrl: 'http://x/y.png' }], false)).statusCode,
    ).toBe(401);
    const none = await post('/api/aiPage/getImageTranslateV2', [{}]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('이미지 URL이 없습니다');
    const before = await t.db.selectFrom('image_requests').select('request_id').execute();
    const filesBefore = readdirSync(path.join(dataDir, 'files', companyId), { recursive: true }).length;
    for (const imgUrl of [
      'http://127.0.0.1/x.png',
      'http://10.0.0.8/x.png',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const r = await post('/api/aiPage/getImageTranslateV2', {
        sourceLanguage: 'ENG',
        targetLanguage: 'KOR',
        imgUrl,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe('허용되지 않는 이미지 주소입니다');
    }
    expect(await t.db.selectFrom('image_requests').select('request_id').execute()).toHaveLength(
      before.length,
    );
    expect(readdirSync(path.join(dataDir, 'files', companyId), { recursive: true }).length).toBe(filesBefore);
  });

  it('keeps results per company', async () => {
    const q = await post('/api/aiPage/getImageTranslateBatchQuery', ['NOT-A-REQUEST']);
    expect(q.statusCode).toBe(404);
    expect(q.json().error).toBe('OCR 데이터 조회 결과가 없거나 유효하지 않습니다');
  });
});
